package io.modelgraph.graph.store;

import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What readers drop so that a large write is seen whole or not at all (docs/graph.md "Large writes"): every new
 * item a large write puts carries {@code g = <writeId>}, and the write stays listed in the project's version item
 * ({@code open}, then {@code aborted} if it is given up) until its one conditional commit. A read whose items carry
 * no {@code g} costs nothing more; otherwise the project's version item is read once (strongly consistent) and
 * items of writes still listed are dropped. A write id seen unlisted has committed, and that is final (an id is
 * listed before its first item lands and only leaves the list by committing), so it is remembered for the process
 * and its items cost no further read.
 */
final class OpenWrites {
    static final String ATTRIBUTE = "g";
    private static final int REMEMBERED = 4_096;
    /** Write ids seen committed (bounded: forgetting one only costs a version read). */
    private static final Set<String> COMMITTED = Collections.synchronizedSet(Collections.newSetFromMap(
            new LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED;
                }
            }));

    private final ProjectVersion versions;

    OpenWrites(ProjectVersion versions) {
        this.versions = versions;
    }

    static OpenWrites of(DynamoDbClient dynamo, String table) {
        return new OpenWrites(new ProjectVersion(dynamo, table));
    }

    /** The after-image of a new item of large write {@code writeId}: hidden until the write commits. */
    static Map<String, AttributeValue> stamped(Map<String, AttributeValue> item, String writeId) {
        Map<String, AttributeValue> out = new HashMap<>(item);
        out.put(ATTRIBUTE, Attr.s(writeId));
        return out;
    }

    /** {@code items} without those of writes not (yet) committed; the same list when none carries a write id. */
    List<Map<String, AttributeValue>> visible(List<Map<String, AttributeValue>> items) {
        Map<String, Set<String>> hiddenByPk = new HashMap<>();
        List<Map<String, AttributeValue>> out = null;
        for (int i = 0; i < items.size(); i++) {
            Map<String, AttributeValue> item = items.get(i);
            if (isVisible(item, hiddenByPk)) {
                if (out != null) {
                    out.add(item);
                }
            } else if (out == null) {
                out = new ArrayList<>(items.subList(0, i));
            }
        }
        return out == null ? items : out;
    }

    Optional<Map<String, AttributeValue>> visible(Optional<Map<String, AttributeValue>> item) {
        return item.filter(i -> isVisible(i, new HashMap<>()));
    }

    private boolean isVisible(Map<String, AttributeValue> item, Map<String, Set<String>> hiddenByPk) {
        AttributeValue g = item.get(ATTRIBUTE);
        if (g == null || g.s() == null || COMMITTED.contains(g.s())) {
            return true;
        }
        AttributeValue pk = item.get(Tables.PK);
        if (pk == null) {
            return true; // not a graph item
        }
        Set<String> hidden = hiddenByPk.computeIfAbsent(pk.s(), versions::hiddenIn);
        if (hidden.contains(g.s())) {
            return false;
        }
        COMMITTED.add(g.s());
        return true;
    }
}
