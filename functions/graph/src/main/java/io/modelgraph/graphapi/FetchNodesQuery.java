package io.modelgraph.graphapi;

import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.store.GraphKeys;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.graph.store.SpaceCheck;
import io.modelgraph.graph.store.IndexCursor;
import io.modelgraph.graph.store.IndexEntry;
import io.modelgraph.graph.store.LabelIndex;
import io.modelgraph.graph.store.ProjectVersion;
import io.modelgraph.graph.store.NodeOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs fetchNodes. Without NodeIds it merges the index partitions of the searched (space, node type)
 * pairs in sort-key order: each partition is read strictly after the token's key, so pages neither repeat
 * nor skip while nothing is written, and a node in several spaces (same key in each) is returned once.
 * With NodeIds it reads exactly those node items (BatchGetItem) and pages through them.
 */
final class FetchNodesQuery {
    /**
     * Most index items one Expression page examines before answering: a rare substring must not turn one
     * call into a walk of the whole project. The page may then hold fewer nodes, with lastPage false.
     */
    static final int EXPRESSION_BUDGET = 5_000;

    private final GraphStore store;
    private final PagingToken tokens;
    private final boolean labelIndex;

    FetchNodesQuery(GraphStore store, PagingToken tokens) {
        this(store, tokens, true);
    }

    /** {@code labelIndex} false: Expression walks the index partitions as before the label index (tests compare). */
    FetchNodesQuery(GraphStore store, PagingToken tokens, boolean labelIndex) {
        this.store = store;
        this.tokens = tokens;
        this.labelIndex = labelIndex;
    }

    Map<String, Object> run(String projectId, FetchNodesRequest q) {
        String fingerprint = q.fingerprint(projectId);
        PagingToken.Position position = q.pagingToken().map(t -> tokens.read(t, fingerprint))
                .orElse(PagingToken.Position.START);
        List<String> spaces = SpaceCheck.resolve(store, projectId, q.spaceIds(), "query.SpaceIds");
        // the page's nodes (index queries, one per partition) and their values and relations (node items read by
        // key) are separate reads: a large write committing between them would give the nodes before it with the
        // values after it. Every commit moves the project version, so the page is read as of one version read
        // before it and read again when the version moved after it.
        return store.unmixed(projectId, (at, view) -> new FetchNodesQuery(view, tokens, labelIndex)
                .page(projectId, q, spaces, position, fingerprint, at));
    }

    private Map<String, Object> page(String projectId, FetchNodesRequest q, List<String> spaces,
            PagingToken.Position position, String fingerprint, ProjectVersion.Stamp at) {
        Page page = q.nodeIds().isEmpty() ? q.expression().isPresent() && labelIndex
                ? fromLabelIndex(projectId, q, spaces, position, at) : fromIndex(projectId, q, spaces, position)
                : q.sortAttr().isPresent() ? sortedIds(projectId, q, spaces, position)
                        : listedIds(projectId, q, spaces, position);
        Set<String> relationSpaces = q.relationsFromAllSpaces() ? Set.of() : new HashSet<>(spaces);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodes", new NodeDetails(store, projectId).render(page.nodes(), q.addRelations(), q.addMixins(),
                relationSpaces));
        out.put("lastPage", page.next().isEmpty());
        out.put("pagingToken", page.next().map(p -> tokens.issue(fingerprint, p)).orElse(""));
        return out;
    }

    record Page(List<Node> nodes, Optional<PagingToken.Position> next) {
    }

    private Page fromIndex(String projectId, FetchNodesRequest q, List<String> spaces, PagingToken.Position from) {
        NodeOrder order = q.sortAttr().orElse(NodeOrder.LABEL);
        List<NodeType> types = q.nodeType().map(List::of).orElse(List.of(NodeType.values()));
        int partitions = spaces.size() * types.size();
        // size the first read of each partition to its share of the page (plus one to detect a next page)
        int firstChunk = q.expression().isPresent() ? Math.max(100, q.pageSize() + 1)
                : partitions == 1 ? q.pageSize() + 1 : Math.max(5, (q.pageSize() + 1) / partitions + 2);
        List<IndexCursor> cursors = new ArrayList<>();
        for (String space : spaces) {
            for (NodeType type : types) {
                cursors.add(store.cursor(projectId, space, type, order, q.sortDesc(), from.afterKey(), firstChunk));
            }
        }
        Comparator<String> keyOrder = q.sortDesc() ? Comparator.reverseOrder() : Comparator.naturalOrder();
        List<IndexEntry> matches = new ArrayList<>();
        String lastKey = null;
        int examined = 0;
        while (matches.size() <= q.pageSize()) {
            IndexCursor best = null;
            String bestKey = null;
            for (IndexCursor c : cursors) {
                Optional<IndexEntry> head = c.peek();
                if (head.isPresent() && (bestKey == null || keyOrder.compare(head.get().key(), bestKey) < 0)) {
                    best = c;
                    bestKey = head.get().key();
                }
            }
            if (best == null) {
                return page(matches, q.pageSize(), Optional.empty());
            }
            IndexEntry entry = best.next().orElseThrow();
            if (entry.key().equals(lastKey)) {
                continue; // the same node seen through another of its spaces
            }
            lastKey = entry.key();
            examined++;
            if (matchesExpression(entry.node(), q)) {
                matches.add(entry);
            }
            if (examined >= EXPRESSION_BUDGET && matches.size() <= q.pageSize()) {
                return page(matches, q.pageSize(), Optional.of(PagingToken.Position.after(lastKey)));
            }
        }
        return page(matches, q.pageSize(), Optional.empty());
    }

    /**
     * Expression through the container's label index (docs/graph.md "Read caches"): the index names the matching
     * nodes in order, then only those node items are read (one item each) and checked against what they hold now;
     * an entry they contradict is dropped and the next candidates read. Same nodes, order and positions as the
     * partition walk, without reading the nodes in between - and so without the walk's per-page budget.
     */
    private Page fromLabelIndex(String projectId, FetchNodesRequest q, List<String> spaces, PagingToken.Position from,
            ProjectVersion.Stamp stamp) {
        NodeOrder order = q.sortAttr().orElse(NodeOrder.LABEL);
        List<NodeType> types = q.nodeType().map(List::of).orElse(List.of(NodeType.values()));
        String needle = GraphKeys.lowerLabel(q.expression().orElseThrow());
        Set<String> spaceSet = new HashSet<>(spaces);
        List<IndexEntry> matches = new ArrayList<>();
        Optional<String> after = from.afterKey();
        while (matches.size() <= q.pageSize()) {
            int want = q.pageSize() + 1 - matches.size();
            List<LabelIndex.Candidate> candidates = store.labels().candidates(projectId, stamp, spaces, types, order,
                    q.sortDesc(), after, needle, want);
            if (candidates.isEmpty()) {
                break;
            }
            Map<String, Node> read = store.nodes(projectId, candidates.stream().map(LabelIndex.Candidate::id).toList());
            for (LabelIndex.Candidate c : candidates) {
                Node n = read.get(c.id());
                if (n != null && !n.deleted() && n.nodeType() == c.type() && n.spaceIds().contains(c.space())
                        && spaceSet.contains(c.space()) && order.keyOf(n).equals(c.key()) && matchesExpression(n, q)) {
                    matches.add(new IndexEntry(c.key(), n));
                } else {
                    store.labels().forget(projectId, c);
                }
            }
            after = Optional.of(candidates.get(candidates.size() - 1).key());
        }
        return page(matches, q.pageSize(), Optional.empty());
    }

    /** Up to pageSize entries; a next position when one more matched or the scan budget ran out. */
    private static Page page(List<IndexEntry> matches, int pageSize, Optional<PagingToken.Position> budgetStop) {
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < Math.min(pageSize, matches.size()); i++) {
            nodes.add(matches.get(i).node());
        }
        if (matches.size() > pageSize) {
            return new Page(nodes, Optional.of(PagingToken.Position.after(matches.get(pageSize - 1).key())));
        }
        return new Page(nodes, budgetStop);
    }

    /** NodeIds without SortAttr: the listed order (reversed by sortDesc), read page by page by offset. */
    private Page listedIds(String projectId, FetchNodesRequest q, List<String> spaces, PagingToken.Position from) {
        List<String> ids = new ArrayList<>(q.nodeIds());
        if (q.sortDesc()) {
            Collections.reverse(ids);
        }
        Set<String> spaceSet = new HashSet<>(spaces);
        List<Node> found = new ArrayList<>();
        int offset = Math.max(0, from.offset());
        int nextOffset = -1;
        while (offset < ids.size() && found.size() <= q.pageSize()) {
            int want = q.pageSize() + 1 - found.size();
            List<String> chunk = ids.subList(offset, Math.min(ids.size(), offset + want));
            Map<String, Node> read = store.nodes(projectId, chunk);
            for (String id : chunk) {
                offset++;
                Node n = read.get(id);
                if (n != null && matches(n, q, spaceSet)) {
                    found.add(n);
                    if (found.size() == q.pageSize()) {
                        nextOffset = offset;
                    }
                    if (found.size() > q.pageSize()) {
                        break;
                    }
                }
            }
        }
        if (found.size() > q.pageSize()) {
            return new Page(found.subList(0, q.pageSize()), Optional.of(PagingToken.Position.at(nextOffset)));
        }
        return new Page(found, Optional.empty());
    }

    /** NodeIds with SortAttr: every listed node is read (at most 500), sorted, then paged by sort key. */
    private Page sortedIds(String projectId, FetchNodesRequest q, List<String> spaces, PagingToken.Position from) {
        NodeOrder order = q.sortAttr().orElseThrow();
        Comparator<String> keyOrder = q.sortDesc() ? Comparator.reverseOrder() : Comparator.naturalOrder();
        Set<String> spaceSet = new HashSet<>(spaces);
        List<IndexEntry> all = new ArrayList<>();
        for (Node n : store.nodes(projectId, q.nodeIds()).values()) {
            String key = order.keyOf(n);
            if (matches(n, q, spaceSet) && (from.afterKey().isEmpty()
                    || keyOrder.compare(key, from.afterKey().get()) > 0)) {
                all.add(new IndexEntry(key, n));
            }
        }
        all.sort(Comparator.comparing(IndexEntry::key, keyOrder));
        return page(all.subList(0, Math.min(all.size(), q.pageSize() + 1)), q.pageSize(), Optional.empty());
    }

    private static boolean matches(Node n, FetchNodesRequest q, Set<String> spaces) {
        return !n.deleted() && q.nodeType().map(t -> t == n.nodeType()).orElse(true)
                && n.spaceIds().stream().anyMatch(spaces::contains) && matchesExpression(n, q);
    }

    private static boolean matchesExpression(Node n, FetchNodesRequest q) {
        return q.expression().map(e -> GraphKeys.lowerLabel(n.label()).contains(GraphKeys.lowerLabel(e)))
                .orElse(true);
    }
}
