package io.modelgraph.graph.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.GraphAccess;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinDef;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.Node;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.RelationGroup;
import io.modelgraph.platform.Services;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The graph of every project in one DynamoDB table (docs/graph.md "Key design"). Single-item writes are
 * conditional on the node's {@code ver} attribute; writes touching several items go in one
 * TransactWriteItems; bulk writes and change sets go through {@link AtomicWriter} (all-or-nothing beyond
 * 100 items too). Reads stay inside one project's
 * partition (GetItem, BatchGetItem, Query), never Scan.
 */
public final class GraphStore implements GraphAccess {
    /** A node's items (node + one per extra space) and the space checks must fit one transaction (100). */
    public static final int MAX_SPACES_PER_NODE = 25;
    /** One transaction's item cap; larger change sets are validated whole, then batch-written. */
    public static final int TRANSACTION_ITEMS = 100;
    /** The longest a large write may wait for the project's lease ({@link #holdForLargeWrite(String, java.time.Duration)}). */
    public static final java.time.Duration LONGEST_LEASE_WAIT = WriteLease.MAX_WAIT;
    private static final int MAX_ATTEMPTS = 8;

    private final DynamoDbClient dynamo;
    private final String table;
    private final Clock clock;
    private final DynamoCalls calls;
    private final AtomicWriter atomic;
    private final WriteLease lease;
    private final StagedWrites staged;
    private final ProjectVersion versions;
    private final LabelIndex labels;
    private final ValueWrites values;
    /** Projects whose main space this container has already made sure of: one conditional put each. */
    private final Set<String> mainSpaceKnown;
    /** The listed writes this store's reads judge large writes' items by, by partition key (see {@link #unmixed}). */
    private final Map<String, Set<String>> listedBefore;

    public GraphStore(DynamoDbClient dynamo, String table, Clock clock) {
        this(dynamo, table, clock, WriteLease.LENGTH);
    }

    /**
     * A store whose large writes hold the project's lease for {@code writeLease}: a job run's store, whose writes
     * may take minutes, holds it past the job function's timeout (io.modelgraph.jobs.Jobs.RUN_LEASE), so the
     * settle never gives up a live write; a dead run's write is settled once it has passed.
     */
    public GraphStore(DynamoDbClient dynamo, String table, Clock clock, java.time.Duration writeLease) {
        this.dynamo = dynamo;
        this.table = table;
        this.clock = clock;
        this.calls = new DynamoCalls(dynamo, table);
        this.versions = new ProjectVersion(dynamo, table);
        this.labels = new LabelIndex(calls, new LabelSnapshots(dynamo, table, calls, clock), clock);
        this.lease = new WriteLease(dynamo, table, clock, writeLease);
        this.staged = new StagedWrites(dynamo, table, versions, lease, clock);
        this.atomic = new AtomicWriter(dynamo, table, lease, versions, staged);
        this.values = new ValueWrites(dynamo, table, versions, this::settlePendingWrites);
        this.mainSpaceKnown = ConcurrentHashMap.newKeySet();
        this.listedBefore = Map.of();
    }

    /** {@code base} reading as of the version read that listed {@code listedBefore} (see {@link #unmixed}). */
    private GraphStore(GraphStore base, Map<String, Set<String>> listedBefore) {
        this.dynamo = base.dynamo;
        this.table = base.table;
        this.clock = base.clock;
        this.calls = new DynamoCalls(dynamo, table, listedBefore);
        this.versions = base.versions;
        this.labels = base.labels;
        this.lease = base.lease;
        this.staged = base.staged;
        this.atomic = base.atomic;
        this.values = base.values;
        this.mainSpaceKnown = base.mainSpaceKnown;
        this.listedBefore = Map.copyOf(listedBefore);
    }

    public static GraphStore of(Services services) {
        return new GraphStore(services.dynamo(), services.stores().graphTable(), services.clock());
    }

    /** The store of a job run: write lease {@code writeLease} (see the constructor). */
    public static GraphStore forJobs(Services services, java.time.Duration writeLease) {
        return new GraphStore(services.dynamo(), services.stores().graphTable(), services.clock(), writeLease);
    }

    public Instant now() {
        return clock.instant();
    }

    /** The project's write version: what read caches check (docs/graph.md "Read caches"). */
    public ProjectVersion versions() {
        return versions;
    }

    /** This container's label index of the project's spaces, for Expression searches (docs/graph.md). */
    public LabelIndex labels() {
        return labels;
    }

    // ---- main space -------------------------------------------------------------------------

    /** Creates the project's main space node unless it exists; safe under concurrency (conditional put). */
    public void ensureMainSpace(String projectId, String subject) {
        if (mainSpaceKnown.contains(projectId)) {
            return;
        }
        String id = MainSpace.idFor(projectId);
        Instant now = clock.instant();
        Node main = new Node(id, MainSpace.LABEL, NodeType.Space, List.of(id), now, now, subject, subject, false, 1);
        try {
            dynamo.putItem(b -> b.tableName(table).item(NodeItems.encode(projectId, main).get(0))
                    .conditionExpression("attribute_not_exists(#sk)")
                    .expressionAttributeNames(Map.of("#sk", Tables.SK)));
            versions.bumpNow(projectId, false); // once per project: no transaction for it
        } catch (ConditionalCheckFailedException alreadyThere) {
            // created by an earlier write
        }
        mainSpaceKnown.add(projectId);
    }

    // ---- node reads -------------------------------------------------------------------------

    /** The node item, deleted or not (callers decide what a deleted node means for them). */
    public Optional<Node> node(String projectId, String id) {
        return nodeItem(projectId, id).map(NodeItems::decode);
    }

    private Optional<Map<String, AttributeValue>> nodeItem(String projectId, String id) {
        return nodeItem(dynamo, table, projectId, id);
    }

    /** The stored node item (fields and mixin values), strongly consistent. */
    static Optional<Map<String, AttributeValue>> nodeItem(DynamoDbClient dynamo, String table, String projectId,
            String id) {
        return new DynamoCalls(dynamo, table).get(key(projectId, GraphKeys.nodeSk(id)));
    }

    /** The stored node items among {@code ids} (fields and mixin values), by node id: one item read per id. */
    Map<String, Map<String, AttributeValue>> nodeItems(String projectId, Collection<String> ids) {
        return nodeItems(calls, projectId, ids);
    }

    private Map<String, Map<String, AttributeValue>> nodeItems(DynamoCalls reads, String projectId,
            Collection<String> ids) {
        return byNodeId(reads.batchGet(nodeKeys(projectId, ids)));
    }

    private static List<Map<String, AttributeValue>> nodeKeys(String projectId, Collection<String> ids) {
        return ids.stream().map(id -> key(projectId, GraphKeys.nodeSk(id))).toList();
    }

    private static Map<String, Map<String, AttributeValue>> byNodeId(List<Map<String, AttributeValue>> items) {
        Map<String, Map<String, AttributeValue>> out = new HashMap<>();
        items.forEach(item -> out.put(item.get(NodeItems.ID).s(), item));
        return out;
    }

    /**
     * The node items that exist among {@code ids}, deleted or not, by id. One item read per id. Up to 100 ids
     * DynamoDB usually answers in one call, judged by a version read after it (only when an item is part of a large
     * write), so no commit can fall between its parts; otherwise the read is kept {@link #unmixed}.
     */
    public Map<String, Node> nodes(String projectId, Collection<String> ids) {
        Map<String, Map<String, AttributeValue>> items = calls.batchGetInOneCall(nodeKeys(projectId, ids))
                .map(GraphStore::byNodeId).orElseGet(() -> listedBefore.isEmpty()
                        ? unmixed(projectId, (at, view) -> view.nodeItems(projectId, ids))
                        : nodeItems(projectId, ids)); // the caller's unmixed read checks the version after
        Map<String, Node> out = new HashMap<>();
        items.forEach((id, item) -> out.put(id, NodeItems.decode(item)));
        return out;
    }

    /**
     * As {@link #nodes}, for many ids at once (a bulkCreate's given ids, docs/graph.md "Large writes"): one consistent
     * Query of the project's node items from the smallest of the ids to the largest answers in a few pages while that
     * range holds no more items than there are ids (a fresh project, or ids beside the stored ones); a fuller range is
     * given up after that many items and read id by id as {@link #nodes} does. Either way the items read are at most
     * about twice the ids. Judged as one moment of the project's large writes ({@link #unmixed}).
     */
    public Map<String, Node> nodesAmong(String projectId, Collection<String> ids) {
        Set<String> wanted = new HashSet<>(ids);
        // Java orders ids the rule allows as DynamoDB orders their UTF-8 bytes; anything else is read id by id
        if (wanted.size() <= DynamoCalls.GET_CHUNK || !wanted.stream().allMatch(GraphKeys::isId)) {
            return nodes(projectId, wanted);
        }
        String low = GraphKeys.nodeSk(java.util.Collections.min(wanted));
        String high = GraphKeys.nodeSk(java.util.Collections.max(wanted));
        Optional<List<Map<String, AttributeValue>>> range = unmixed(projectId, (at, view) -> view.calls.queryAtMost(
                b -> b.consistentRead(true).keyConditionExpression("#pk = :pk AND #sk BETWEEN :lo AND :hi")
                        .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                        .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)), ":lo", Attr.s(low),
                                ":hi", Attr.s(high))), wanted.size()));
        if (range.isEmpty()) {
            return nodes(projectId, wanted);
        }
        Map<String, Node> out = new HashMap<>();
        for (Map<String, AttributeValue> item : range.get()) { // every item of the range is a node item (N#<id>)
            String id = item.get(NodeItems.ID).s();
            if (wanted.contains(id)) {
                out.put(id, NodeItems.decode(item));
            }
        }
        return out;
    }

    private static final int UNMIXED_ATTEMPTS = 4;

    /**
     * {@code read} as of one moment of the project's large writes: a read made of several DynamoDB calls (parallel
     * chunks, one Query per partition) could meet a large write's commit between them and show some items as before
     * it and others as after. So the version item is read before (the stamp and the listed writes: {@code read} gets
     * a view of this store that judges every item it meets by them, with no further version read) and after; when it
     * changed (a write committed or opened meanwhile) the read is made again, at most 4 times, the last judged call
     * by call as it is.
     */
    public <T> T unmixed(String projectId, java.util.function.BiFunction<ProjectVersion.Stamp, GraphStore, T> read) {
        String pk = GraphKeys.pk(projectId);
        ProjectVersion.Listed at = versions.listed(pk);
        for (int attempt = 1; attempt < UNMIXED_ATTEMPTS; attempt++) {
            T out = read.apply(at.stamp(), new GraphStore(this, Map.of(pk, at.hidden())));
            ProjectVersion.Listed now = versions.listed(pk);
            if (now.stamp().equals(at.stamp()) && now.hidden().equals(at.hidden())) {
                return out;
            }
            at = now;
        }
        return read.apply(at.stamp(), this);
    }

    /** A lazy walk of one (space, node type) index partition, strictly after {@code after} in {@code order}. */
    public IndexCursor cursor(String projectId, String spaceId, NodeType type, NodeOrder order, boolean descending,
            Optional<String> after, int firstChunk) {
        return new IndexCursor(dynamo, table, GraphKeys.typePartition(projectId, spaceId, type), order, descending,
                after, firstChunk, listedBefore);
    }

    /** Live nodes of a space and type whose label equals {@code label} ignoring case (label index prefix query). */
    public List<Node> nodesWithLabel(String projectId, String spaceId, NodeType type, String label) {
        String prefix = GraphKeys.labelKey(label, "");
        String lower = GraphKeys.lowerLabel(label);
        List<Node> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : calls.queryAll(b -> b.indexName(Tables.INDEX_TYPE_LABEL)
                .keyConditionExpression("#p = :p AND begins_with(#k, :k)")
                .expressionAttributeNames(Map.of("#p", Tables.TYPE_PK, "#k", Tables.LABEL_SK))
                .expressionAttributeValues(Map.of(":p", Attr.s(GraphKeys.typePartition(projectId, spaceId, type)),
                        ":k", Attr.s(prefix))))) {
            Node n = NodeItems.decode(item);
            if (GraphKeys.lowerLabel(n.label()).equals(lower)) {
                out.add(n);
            }
        }
        return out;
    }

    // ---- node writes ------------------------------------------------------------------------

    /**
     * Creates a node and its space entries in one transaction, only if no node has its id, every space is
     * still a live node, and no large write holds the project (it may be creating the same id with plain
     * batch writes; see {@link WriteLease}) - that one is waited for a few seconds. Throws
     * {@link StoreConflictException} otherwise.
     */
    public void createNode(String projectId, Node node) {
        createNode(projectId, node, false);
    }

    /**
     * As above; {@code generatedId}: the service generated the node's id (a GUID), which no large write can be
     * creating too, so the create does not wait for one and proceeds at once.
     */
    public void createNode(String projectId, Node node, boolean generatedId) {
        List<Map<String, AttributeValue>> items = NodeItems.encode(projectId, node);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            List<TransactWriteItem> tx = new ArrayList<>();
            tx.add(put(items.get(0), "attribute_not_exists(#sk)", Map.of("#sk", Tables.SK), Map.of()));
            // the lease check is the second item, or there is none (conditionFailedAt(e, 1) below)
            tx.add(generatedId ? versions.bump(projectId) : lease.check(projectId, Optional.empty()));
            for (int i = 1; i < items.size(); i++) {
                tx.add(put(items.get(i), null, Map.of(), Map.of()));
            }
            for (String space : node.spaceIds()) {
                if (!space.equals(node.id())) {
                    tx.add(liveCheck(projectId, space));
                }
            }
            if (!generatedId) {
                tx.add(versions.bump(projectId));
            }
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return;
            } catch (TransactionCanceledException e) {
                if (Cancellation.conditionFailedAt(e, 0)) {
                    throw new StoreConflictException("A node with Id '" + node.id() + "' already exists.");
                }
                if (!Cancellation.conditionFailedAt(e, 1) && !Cancellation.contended(e)) {
                    if (!Cancellation.anyConditionFailed(e)) {
                        throw notAConflict(e, "body");
                    }
                    throw StoreConflictException.busy("A space of node '" + node.id() + "' was deleted meanwhile.");
                }
                DynamoCalls.sleep(attempt + 1); // a large write holds the project, or a conflict: wait for it
            }
        }
        throw StoreConflictException.busy("A large write to the project is in progress; nothing was written, try"
                + " again.");
    }

    /**
     * Read-modify-write of one node with optimistic locking: the write only lands if {@code ver} is still
     * what was read; otherwise it re-reads and re-applies {@code change}, so concurrent updates are
     * serialized and none is lost. {@code change} sees the current node (deleted or not) and may throw.
     * Empty when no such node exists.
     */
    public Optional<Node> modifyNode(String projectId, String id, UnaryOperator<Node> change, String subject) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            if (attempt > 0) {
                DynamoCalls.sleep(attempt);
            }
            Optional<Map<String, AttributeValue>> read = nodeItem(projectId, id);
            if (read.isEmpty()) {
                return Optional.empty();
            }
            Node current = NodeItems.decode(read.get());
            Node changed = change.apply(current);
            Instant now = clock.instant();
            if (!now.isAfter(current.updatedAt())) {
                now = current.updatedAt().plusMillis(1); // update order stays the write order on one node
            }
            Node next = new Node(current.id(), changed.label(), changed.nodeType(), changed.spaceIds(),
                    current.createdAt(), now, current.createdBy(), subject, changed.deleted(), current.version() + 1);
            ItemSize.requireFits(NodeValues.carried(NodeItems.encode(projectId, next).get(0), read), "body",
                    "node '" + id + "' with its mixin values");
            try {
                dynamo.transactWriteItems(b -> b.transactItems(replaceNode(projectId, current, next)));
                return Optional.of(next);
            } catch (TransactionCanceledException e) {
                if (!Cancellation.conditionFailedAt(e, 0) && !Cancellation.contended(e)) {
                    if (!Cancellation.anyConditionFailed(e)) {
                        throw notAConflict(e, "body");
                    }
                    throw new StoreConflictException("A space of node '" + id + "' was deleted meanwhile.");
                }
                // someone else wrote the node between our read and write: read again and re-apply
                if (attempt == 1) {
                    settlePendingWrites(projectId); // refused twice: perhaps a lock of a dead large writer
                }
            }
        }
        throw new StoreConflictException("Node '" + id + "' kept changing concurrently (" + MAX_ATTEMPTS
                + " attempts); try again.");
    }

    /**
     * Transaction items that turn {@code current} into {@code next}: an update of the node item's fields guarded
     * by version first (an update, not a put, so the mixin values in the item stay), then the membership copies.
     */
    private List<TransactWriteItem> replaceNode(String projectId, Node current, Node next) {
        List<TransactWriteItem> tx = new ArrayList<>();
        List<Map<String, AttributeValue>> items = NodeItems.encode(projectId, next);
        NodeItems.FieldUpdate fields = NodeItems.fieldUpdate(projectId, next);
        Map<String, String> names = new HashMap<>(fields.names());
        names.put("#ver", NodeItems.VERSION);
        names.put("#sg", StagedWrites.LOCK);
        Map<String, AttributeValue> values = new HashMap<>(fields.values());
        values.put(":ver", Attr.n(current.version()));
        // a node a large write has staged is locked until that write has moved its new version in place
        tx.add(TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(key(projectId, GraphKeys.nodeSk(next.id()))).updateExpression(fields.expression())
                .conditionExpression("#ver = :ver AND attribute_not_exists(#sg)").expressionAttributeNames(names).expressionAttributeValues(values)
                .build()).build());
        Set<String> keep = new HashSet<>();
        for (int i = 1; i < items.size(); i++) {
            tx.add(put(items.get(i), null, Map.of(), Map.of()));
            keep.add(items.get(i).get(Tables.SK).s());
        }
        for (String sk : NodeItems.memberSks(current)) {
            if (!keep.contains(sk)) {
                tx.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(key(projectId, sk))
                        .build()).build());
            }
        }
        if (!next.deleted()) {
            for (String space : next.spaceIds()) {
                if (!space.equals(next.id()) && (current.deleted() || !current.spaceIds().contains(space))) {
                    tx.add(liveCheck(projectId, space));
                }
            }
        }
        tx.add(versions.bump(projectId));
        return tx;
    }

    // ---- relations --------------------------------------------------------------------------

    /** Writes a relation only if its key is free and both end nodes are live at that moment. */
    public void createRelation(String projectId, Relation relation, String subject) {
        List<TransactWriteItem> tx = new ArrayList<>();
        tx.add(put(RelationItems.encode(projectId, relation, clock.instant(), subject), "attribute_not_exists(#sk)",
                Map.of("#sk", Tables.SK), Map.of()));
        tx.add(liveCheck(projectId, relation.fromNodeId()));
        if (!relation.toNodeId().equals(relation.fromNodeId())) {
            tx.add(liveCheck(projectId, relation.toNodeId()));
        }
        try {
            versions.transact(projectId, tx);
        } catch (TransactionCanceledException e) {
            if (Cancellation.conditionFailedAt(e, 0)) {
                throw new StoreConflictException("Node '" + relation.fromNodeId() + "' already has a relation with Id '"
                        + relation.id() + "'.");
            }
            if (!Cancellation.anyConditionFailed(e)) {
                throw notAConflict(e, "body");
            }
            // the live check that failed says which end went: index 1 is the from node, 2 the to node
            boolean fromGone = Cancellation.conditionFailedAt(e, 1);
            String gone = fromGone ? relation.fromNodeId() : relation.toNodeId();
            throw StoreConflictException.about(fromGone ? "fromNodeId" : "toNodeId", "Node '" + gone
                    + "' was deleted while the relation was being created; restore it before relating it. Nothing"
                    + " was written.");
        }
    }

    public Optional<Relation> relation(String projectId, String fromNodeId, String relationId) {
        return new DynamoCalls(dynamo, table).get(RelationItems.key(projectId, fromNodeId, relationId))
                .map(RelationItems::decode);
    }

    /** Which of the given relations' keys (from node + Id) are taken, as {@code from + "#" + id}. */
    public Set<String> existingRelationKeys(String projectId, Collection<Relation> relations) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (Relation r : relations) {
            keys.add(RelationItems.key(projectId, r.fromNodeId(), r.id()));
        }
        Set<String> out = new HashSet<>();
        for (Map<String, AttributeValue> item : calls.batchGet(keys)) {
            Relation r = RelationItems.decode(item);
            out.add(r.fromNodeId() + "#" + r.id());
        }
        return out;
    }

    /** Deletes the relation; false when it did not exist. */
    public boolean deleteRelation(String projectId, String fromNodeId, String relationId) {
        try {
            versions.transact(projectId, List.of(TransactWriteItem.builder().delete(Delete.builder().tableName(table)
                    .key(RelationItems.key(projectId, fromNodeId, relationId))
                    .conditionExpression("attribute_exists(#sk) AND attribute_not_exists(#sg)")
                    .expressionAttributeNames(Map.of("#sk", Tables.SK, "#sg", StagedWrites.LOCK)).build()).build()));
            return true;
        } catch (TransactionCanceledException e) {
            if (Cancellation.conditionFailedAt(e, 0)) {
                if (calls.batchGetRaw(List.of(RelationItems.key(projectId, fromNodeId, relationId))).isEmpty()) {
                    return false;
                }
                throw StoreConflictException.busy("The relation is part of a large write in progress; nothing was"
                        + " written, delete it again when that write is done.");
            }
            throw e;
        }
    }

    /** Relations starting at the node (stored ones, whatever the state of the other end). */
    public List<Relation> outgoing(String projectId, String nodeId) {
        return calls.queryAll(b -> b.keyConditionExpression("#pk = :pk AND begins_with(#sk, :p)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)), ":p",
                        Attr.s(GraphKeys.outgoingPrefix(nodeId)))))
                .stream().map(RelationItems::decode).toList();
    }

    /** Relations ending at the node, from the relTarget index. */
    public List<Relation> incoming(String projectId, String nodeId) {
        return calls.queryAll(b -> b.indexName(Tables.INDEX_REL_TARGET)
                .keyConditionExpression("#r = :r")
                .expressionAttributeNames(Map.of("#r", Tables.TARGET_PK))
                .expressionAttributeValues(Map.of(":r", Attr.s(GraphKeys.targetPartition(projectId, nodeId)))))
                .stream().map(RelationItems::decode).toList();
    }

    // ---- mixin values (attributes of the node item, see NodeValues and ValueWrites) ----------

    /**
     * Sets the given columns of a node's mixin value (other columns and the node's fields untouched), only while
     * the node is live. Throws {@link StoreConflictException} when the node is gone, {@link ItemTooLargeException}
     * when the node item with these values would not fit.
     */
    public void setMixinColumns(String projectId, String nodeId, String mixinId, Map<String, JsonNode> columns,
            String subject) {
        values.set(projectId, nodeId, mixinId, columns);
    }

    /**
     * Removes the given columns of a node's mixin value (the mixin leaves the node with its last column). False
     * when the node has no value of that mixin.
     */
    public boolean removeMixinColumns(String projectId, String nodeId, String mixinId, Collection<String> columnIds,
            String subject) {
        return values.remove(projectId, nodeId, mixinId, columnIds);
    }

    /** The node's mixin values that hold at least one column (none for a missing node). */
    public List<MixinValue> mixinValues(String projectId, String nodeId) {
        return nodeItem(projectId, nodeId).map(item -> resolved(calls, projectId, Map.of(nodeId, item)).get(nodeId))
                .map(NodeValues::decode).orElse(List.of());
    }

    /**
     * The node items with their out-of-line values read back ({@link SpilledValues}); items without any are
     * returned as they are, without a read.
     */
    private Map<String, Map<String, AttributeValue>> resolved(DynamoCalls reads, String projectId,
            Map<String, Map<String, AttributeValue>> items) {
        if (items.values().stream().noneMatch(SpilledValues::hasRefs)) {
            return items;
        }
        return SpilledValues.resolve(GraphKeys.pk(projectId), items, reads, ids -> nodeItems(reads, projectId, ids));
    }

    /**
     * The mixin values of several nodes, by node id (nodes without values absent): one BatchGetItem of their
     * node items, one item read per node.
     */
    public Map<String, List<MixinValue>> mixinValues(String projectId, Collection<String> nodeIds) {
        return mixinValues(calls, projectId, nodeIds);
    }

    private Map<String, List<MixinValue>> mixinValues(DynamoCalls reads, String projectId,
            Collection<String> nodeIds) {
        Map<String, List<MixinValue>> out = new HashMap<>();
        resolved(reads, projectId, nodeItems(reads, projectId, nodeIds)).forEach((id, item) -> {
            List<MixinValue> values = NodeValues.decode(item);
            if (!values.isEmpty()) {
                out.put(id, values);
            }
        });
        return out;
    }

    // ---- definitions ------------------------------------------------------------------------

    /** A project's custom relation groups and mixins (defaults live in code). */
    public record Definitions(List<RelationGroup> groups, List<MixinDef> mixins) {
        public Definitions {
            groups = List.copyOf(groups);
            mixins = List.copyOf(mixins);
        }
    }

    public Definitions definitions(String projectId) {
        List<RelationGroup> groups = new ArrayList<>();
        List<MixinDef> mixins = new ArrayList<>();
        for (Map<String, AttributeValue> item : calls.queryAll(b -> b
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :p)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)), ":p", Attr.s("D#"))))) {
            String sk = item.get(Tables.SK).s();
            if (sk.startsWith(GraphKeys.GROUP_PREFIX)) {
                groups.add(DefinitionItems.decodeGroup(item));
            } else if (sk.startsWith(GraphKeys.MIXIN_DEF_PREFIX)) {
                mixins.add(DefinitionItems.decodeMixin(item));
            }
        }
        return new Definitions(groups, mixins);
    }

    public void createRelationGroup(String projectId, RelationGroup group, String subject) {
        putNew(projectId, DefinitionItems.encodeGroup(projectId, group, clock.instant(), subject),
                "Relation group '" + group.id() + "' already exists.");
    }

    public void createMixin(String projectId, MixinDef mixin, String subject) {
        putNew(projectId, DefinitionItems.encodeMixin(projectId, mixin, clock.instant(), subject),
                "Mixin '" + mixin.id() + "' already exists.");
    }

    private void putNew(String projectId, Map<String, AttributeValue> item, String conflict) {
        try {
            versions.transact(projectId, List.of(put(item, "attribute_not_exists(#sk)", Map.of("#sk", Tables.SK),
                    Map.of())));
        } catch (TransactionCanceledException e) {
            if (Cancellation.conditionFailedAt(e, 0)) {
                throw new StoreConflictException(conflict);
            }
            throw e;
        }
    }

    // ---- bulk -------------------------------------------------------------------------------

    /**
     * Writes validated new nodes and relations, and mixin values merged over the stored value of each
     * (node, mixin), all-or-nothing through {@link AtomicWriter}: new items go out as plain batches (nobody
     * else can reach them while the write runs; see {@link WritePlan}), values on stored nodes as transactions
     * conditional on the stored image read here, so a concurrent writer fails the call instead of being
     * overwritten, and a failure part-way restores every item written so far. Every id is treated as given
     * by the caller; see the overload for ids the service generated. Returns the number of items written.
     */
    public int bulkWrite(String projectId, List<Node> newNodes, List<Relation> relations, List<MixinValue> values,
            String subject) {
        return bulkWrite(projectId, newNodes, relations, values, subject, Set.of());
    }

    /** As above; {@code generatedIds} are the node and relation ids the service generated (GUIDs). */
    public int bulkWrite(String projectId, List<Node> newNodes, List<Relation> relations, List<MixinValue> values,
            String subject, Set<String> generatedIds) {
        return bulkWrite(projectId, newNodes, relations, values, subject, generatedIds, Optional.empty());
    }

    /**
     * Takes the project's large-write lease now, before the caller's validation reads (waits a few seconds for
     * another holder, else {@link StoreConflictException}); pass it to {@link #bulkWrite} and close it when done.
     */
    public ProjectLease holdForLargeWrite(String projectId) {
        return lease.take(projectId, WriteLease.DEFAULT_WAIT);
    }

    /**
     * As above, waiting up to {@code wait} for another large write to end (at most {@link #LONGEST_LEASE_WAIT}):
     * a caller whose time allows waits its turn instead of being refused while one runs.
     */
    public ProjectLease holdForLargeWrite(String projectId, java.time.Duration wait) {
        return lease.take(projectId, wait);
    }

    /**
     * As above, under {@code held} (taken with {@link #holdForLargeWrite} before the caller read the given ids as
     * absent): the new nodes are not read again.
     */
    public int bulkWrite(String projectId, List<Node> newNodes, List<Relation> relations, List<MixinValue> values,
            String subject, Set<String> generatedIds, Optional<ProjectLease> held) {
        return bulkWrite(projectId, newNodes, relations, values, subject, generatedIds, held, () -> { });
    }

    /**
     * As above, running {@code beforeWriting} once the items are built and before the first is written: a check
     * that throws there leaves nothing written (the caller's read of its given ids runs beside the building).
     */
    public int bulkWrite(String projectId, List<Node> newNodes, List<Relation> relations, List<MixinValue> values,
            String subject, Set<String> generatedIds, Optional<ProjectLease> held, Runnable beforeWriting) {
        if (held.isPresent() && !held.get().projectId().equals(projectId)) {
            throw new IllegalArgumentException("The lease held is another project's");
        }
        Instant now = clock.instant();
        String pk = GraphKeys.pk(projectId);
        List<ItemChange> changes = new ArrayList<>(newNodes.size() + relations.size() + values.size());
        // a node item with the values the call sets on it: new nodes start without values, stored nodes from
        // their stored item (which is also the pre-image their conditional write is guarded by)
        Map<String, Map<String, AttributeValue>> nodeItems = new LinkedHashMap<>();
        Set<String> newIds = new HashSet<>();
        for (Node n : newNodes) {
            newIds.add(n.id());
            List<Map<String, AttributeValue>> items = NodeItems.encode(projectId, n);
            nodeItems.put(n.id(), items.get(0));
            for (int i = 1; i < items.size(); i++) {
                changes.add(ItemChange.created(pk, items.get(i)));
            }
        }
        for (Relation r : relations) {
            changes.add(ItemChange.created(pk, RelationItems.encode(projectId, r, now, subject)));
        }
        Set<String> storedTargets = new HashSet<>();
        values.stream().map(MixinValue::nodeId).filter(id -> !newIds.contains(id)).forEach(storedTargets::add);
        Map<String, Map<String, AttributeValue>> stored = nodeItems(projectId, storedTargets);
        for (String id : storedTargets) {
            Map<String, AttributeValue> item = stored.get(id);
            if (item == null || NodeItems.decode(item).deleted()) {
                throw new StoreConflictException("Node '" + id + "' was deleted meanwhile; nothing was written.");
            }
            nodeItems.put(id, new HashMap<>(item)); // the stored item stays the pre-image; its copy takes the values
        }
        for (MixinValue v : values) { // into items built here: no copy of a node item per value (10,000 in a bulk)
            NodeValues.mergeInto(nodeItems.get(v.nodeId()), v);
        }
        nodeItems.forEach((id, item) -> changes.add(new ItemChange(pk, GraphKeys.nodeSk(id),
                Optional.ofNullable(stored.get(id)), Optional.of(item))));
        nodeItems.clear(); // the changes hold immutable copies: the builders' maps need not stay live through the write
        beforeWriting.run();
        atomic.write(projectId, changes, newIds, generatedIds, held);
        return changes.size();
    }

    /**
     * Finishes or removes the large writes of the project whose writer is gone (docs/graph.md "Large writes"): one
     * item read when there are none. Run before validating a large write, and by a small write a lock keeps
     * refusing.
     */
    public void settlePendingWrites(String projectId) {
        staged.settle(projectId);
    }

    // ---- GraphAccess ------------------------------------------------------------------------

    /**
     * Every live node of the spaces with its mixin values, and the relations between them. Nodes come from the
     * type indexes (the node item, values included, when the space is the node's first; else its membership copy,
     * which carries no values); the values of nodes seen only through a copy are read with one BatchGetItem of
     * their node items (docs/graph.md "Key design": one more item read per such node).
     *
     * <p>A project whose version counter is absent was never written: every write moves it in its own transaction,
     * or (a large write) at its commit, before which its items are hidden from readers; so such a project has no item
     * to show and one item read answers instead of a query per type partition of every space.
     */
    @Override
    public GraphSnapshot load(String projectId, List<String> spaceIds) {
        return unmixed(projectId, (at, view) -> view.loadOnce(view.calls, projectId, spaceIds, at));
    }

    private GraphSnapshot loadOnce(DynamoCalls reads, String projectId, List<String> spaceIds,
            ProjectVersion.Stamp at) {
        List<String> spaces = spaceIds.isEmpty() ? List.of(MainSpace.idFor(projectId)) : List.copyOf(spaceIds);
        if (at.equals(ProjectVersion.Stamp.NONE)) {
            return new GraphSnapshot(spaces, List.of(), List.of(), List.of());
        }
        Map<String, Node> nodes = new LinkedHashMap<>();
        Map<String, List<MixinValue>> values = new HashMap<>();
        Set<String> seenThroughCopy = new HashSet<>();
        Map<String, Map<String, AttributeValue>> nodeItems = new LinkedHashMap<>();
        // the type partitions and the relations are independent reads: made side by side, used in this order
        List<Supplier<List<Map<String, AttributeValue>>>> queries = new ArrayList<>();
        for (String space : spaces) {
            for (NodeType type : NodeType.values()) {
                queries.add(() -> indexPartition(reads, GraphKeys.typePartition(projectId, space, type)));
            }
        }
        queries.add(() -> prefixQuery(reads, projectId, GraphKeys.RELATION_PREFIX));
        List<List<Map<String, AttributeValue>>> read = ConcurrentReads.all(queries);
        for (List<Map<String, AttributeValue>> partition : read.subList(0, read.size() - 1)) {
            for (Map<String, AttributeValue> item : partition) {
                Node n = NodeItems.decode(item);
                nodes.putIfAbsent(n.id(), n);
                if (item.get(Tables.SK).s().startsWith(GraphKeys.NODE_PREFIX)) {
                    nodeItems.put(n.id(), item);
                } else {
                    seenThroughCopy.add(n.id());
                }
            }
        }
        resolved(reads, projectId, nodeItems).forEach((id, item) -> values.put(id, NodeValues.decode(item)));
        seenThroughCopy.removeAll(values.keySet());
        values.putAll(mixinValues(reads, projectId, seenThroughCopy));
        List<Relation> relations = new ArrayList<>();
        for (Map<String, AttributeValue> item : read.get(read.size() - 1)) {
            Relation r = RelationItems.decode(item);
            if (nodes.containsKey(r.fromNodeId()) && nodes.containsKey(r.toNodeId())) {
                relations.add(r);
            }
        }
        List<MixinValue> all = new ArrayList<>();
        nodes.keySet().forEach(id -> all.addAll(values.getOrDefault(id, List.of())));
        return new GraphSnapshot(spaces, List.copyOf(nodes.values()), relations, all);
    }

    /** Every item of one type-index partition, in label order. */
    private static List<Map<String, AttributeValue>> indexPartition(DynamoCalls reads, String partition) {
        return reads.queryAll(b -> b.indexName(Tables.INDEX_TYPE_LABEL).keyConditionExpression("#p = :p")
                .expressionAttributeNames(Map.of("#p", Tables.TYPE_PK))
                .expressionAttributeValues(Map.of(":p", Attr.s(partition))));
    }

    @Override
    public void apply(String projectId, GraphChanges changes, String subject, Set<String> generatedIds) {
        ensureMainSpace(projectId, subject);
        settlePendingWrites(projectId);
        new ChangeApplier(this, projectId, subject, Optional.empty(), generatedIds).apply(changes);
    }

    /**
     * Runs {@code write} as the project's only large writer (see {@link GraphAccess}), optimistically: its reads
     * run without the lease, and its {@code apply} takes the lease and writes only if the project version is still
     * the one read before them (nothing was written to the project meanwhile). Otherwise {@code write} runs again
     * with the lease held from before its reads, so it plans against what the other writer wrote. A write that
     * plans no changes takes no lease and writes nothing at all.
     */
    @Override
    public <T> T exclusive(String projectId, java.util.function.Function<GraphAccess, T> write) {
        ProjectVersion.Stamp seen = versions.read(projectId);
        try {
            return write.apply(new Guarded(projectId, Optional.of(seen), Optional.empty()));
        } catch (Replan changedMeanwhile) {
            try (ProjectLease held = holdForLargeWrite(projectId)) {
                settlePendingWrites(projectId); // plan against the settled graph
                return write.apply(new Guarded(projectId, Optional.empty(), Optional.of(held)));
            }
        }
    }

    /** The project was written between an optimistic writer's reads and its write: plan again. */
    private static final class Replan extends RuntimeException {
        Replan() {
            super("The project changed while the write was planned", null, false, false);
        }
    }

    /**
     * The store as seen by an exclusive writer: optimistic (the version its reads saw; its apply takes the lease and
     * checks that version) or holding the lease from before its reads.
     */
    private final class Guarded implements GraphAccess {
        private final String projectId;
        private final Optional<ProjectVersion.Stamp> seen;
        private final Optional<ProjectLease> lease;

        Guarded(String projectId, Optional<ProjectVersion.Stamp> seen, Optional<ProjectLease> lease) {
            this.projectId = projectId;
            this.seen = seen;
            this.lease = lease;
        }

        @Override
        public GraphSnapshot load(String project, List<String> spaceIds) {
            return GraphStore.this.load(project, spaceIds);
        }

        @Override
        public void apply(String project, GraphChanges changes, String subject, Set<String> generatedIds) {
            if (!project.equals(projectId)) {
                throw new IllegalArgumentException("The lease held is another project's");
            }
            if (lease.isPresent()) {
                ensureMainSpace(project, subject);
                new ChangeApplier(GraphStore.this, project, subject, lease, generatedIds).apply(changes);
                return;
            }
            try (ProjectLease held = holdForLargeWrite(project)) {
                settlePendingWrites(project);
                if (!versions.read(project).equals(seen.orElseThrow())) {
                    throw new Replan();
                }
                ensureMainSpace(project, subject); // after the check: creating it moves the version
                new ChangeApplier(GraphStore.this, project, subject, Optional.of(held), generatedIds).apply(changes);
            }
        }

        @Override
        public <T> T exclusive(String project, java.util.function.Function<GraphAccess, T> write) {
            if (!project.equals(projectId)) {
                throw new IllegalArgumentException("The lease held is another project's");
            }
            return write.apply(this);
        }
    }

    List<Map<String, AttributeValue>> prefixQuery(String projectId, String prefix) {
        return prefixQuery(calls, projectId, prefix);
    }

    private static List<Map<String, AttributeValue>> prefixQuery(DynamoCalls reads, String projectId, String prefix) {
        return reads.queryAll(b -> b.keyConditionExpression("#pk = :pk AND begins_with(#sk, :p)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(GraphKeys.pk(projectId)), ":p", Attr.s(prefix))));
    }

    /**
     * Every change or none (see {@link AtomicWriter}); {@code newNodeIds}: the nodes the changes create;
     * {@code generatedIds}: the node and relation ids the caller generated (GUIDs).
     */
    void writeAtomically(String projectId, List<ItemChange> changes, Set<String> newNodeIds,
            Set<String> generatedIds, Optional<ProjectLease> held) {
        atomic.write(projectId, changes, newNodeIds, generatedIds, held);
    }

    /** The stored items with the given sort keys, by sort key (strongly consistent). */
    Map<String, Map<String, AttributeValue>> items(String projectId, Collection<String> sks) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(sks.size());
        for (String sk : sks) {
            keys.add(key(projectId, sk));
        }
        Map<String, Map<String, AttributeValue>> out = new HashMap<>();
        for (Map<String, AttributeValue> item : calls.batchGet(keys)) {
            out.put(item.get(Tables.SK).s(), item);
        }
        return out;
    }

    String table() {
        return table;
    }

    // ---- item helpers -----------------------------------------------------------------------

    static Map<String, AttributeValue> key(String projectId, String sk) {
        return Map.of(Tables.PK, Attr.s(GraphKeys.pk(projectId)), Tables.SK, Attr.s(sk));
    }

    TransactWriteItem put(Map<String, AttributeValue> item, String condition, Map<String, String> names,
            Map<String, AttributeValue> values) {
        Put.Builder put = Put.builder().tableName(table).item(item);
        if (condition != null) {
            put.conditionExpression(condition).expressionAttributeNames(names);
            if (!values.isEmpty()) {
                put.expressionAttributeValues(values);
            }
        }
        return TransactWriteItem.builder().put(put.build()).build();
    }

    TransactWriteItem liveCheck(String projectId, String nodeId) {
        return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                .key(key(projectId, GraphKeys.nodeSk(nodeId)))
                .conditionExpression("attribute_exists(#sk) AND #del = :false")
                .expressionAttributeNames(Map.of("#sk", Tables.SK, "#del", NodeItems.DELETED))
                .expressionAttributeValues(Map.of(":false", Attr.bool(false))).build()).build();
    }

    /** A cancellation that no concurrent writer caused: an oversized item (the caller's input) or a fault. */
    private static RuntimeException notAConflict(TransactionCanceledException e, String path) {
        if (Cancellation.tooLarge(e)) {
            return new ItemTooLargeException(path, "The item would exceed DynamoDB's 400 KB item limit, counted in "
                    + "UTF-8 bytes; nothing was written.");
        }
        return e;
    }
}
