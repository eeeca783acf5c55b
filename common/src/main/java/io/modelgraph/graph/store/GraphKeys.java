package io.modelgraph.graph.store;

import io.modelgraph.graph.NodeType;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Key formats of the graph table (docs/graph.md "Key design"). Everything of a project lives under one
 * partition key, so every read is a GetItem, BatchGetItem or Query inside that partition (or inside one
 * of the project's index partitions), never a Scan.
 */
public final class GraphKeys {
    /**
     * Ids become parts of sort keys joined with '#', so they may not contain '#' (or anything exotic):
     * GUIDs, slugs and dotted names all fit.
     */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9._~:\\-]{1,128}");
    public static final String ID_RULE = "1 to 128 characters from A-Z a-z 0-9 . _ ~ : -";

    /** Characters of the lower-cased label that go into the label sort key (keeps it under the 1 KB key cap). */
    static final int LABEL_KEY_CHARS = 200;
    /** Separates the label from the id in the label sort key; sorts below every printable character. */
    static final String LABEL_ID_SEPARATOR = "\u0001";

    public static boolean isId(String text) {
        return text != null && ID.matcher(text).matches();
    }

    public static String pk(String projectId) {
        return "P#" + projectId;
    }

    public static String nodeSk(String nodeId) {
        return "N#" + nodeId;
    }

    static final String NODE_PREFIX = "N#";

    /** One per extra space of a node: a copy of the node that carries that space's index partition. */
    public static String memberSk(String nodeId, String spaceId) {
        return "M#" + nodeId + "#" + spaceId;
    }

    public static String relationSk(String fromNodeId, String relationId) {
        return "R#" + fromNodeId + "#" + relationId;
    }

    static String outgoingPrefix(String fromNodeId) {
        return "R#" + fromNodeId + "#";
    }

    static final String RELATION_PREFIX = "R#";

    public static String groupSk(String groupId) {
        return "D#G#" + groupId;
    }

    public static String mixinDefSk(String mixinId) {
        return "D#M#" + mixinId;
    }

    static final String GROUP_PREFIX = "D#G#";
    static final String MIXIN_DEF_PREFIX = "D#M#";

    /** Index partition of one (project, space, node type): the typeLabel/typeCreated/typeUpdated hash key. */
    public static String typePartition(String projectId, String spaceId, NodeType type) {
        return projectId + "#" + spaceId + "#" + type.name();
    }

    /** Incoming-relation index partition of a node. */
    public static String targetPartition(String projectId, String toNodeId) {
        return projectId + "#" + toNodeId;
    }

    public static String lowerLabel(String label) {
        return label.toLowerCase(Locale.ROOT);
    }

    /** Label order: case-insensitive label, ties broken by id so every key is unique within a partition. */
    public static String labelKey(String label, String nodeId) {
        String lower = lowerLabel(label);
        if (lower.length() > LABEL_KEY_CHARS) {
            lower = lower.substring(0, LABEL_KEY_CHARS);
        }
        return lower + LABEL_ID_SEPARATOR + nodeId;
    }

    /** Time order: fixed-width epoch milliseconds (so string order is time order), then the id. */
    public static String timeKey(long epochMillis, String nodeId) {
        if (epochMillis < 0) {
            return String.format(Locale.ROOT, "%015d", epochMillis) + "#" + nodeId;
        }
        // padded by hand: a bulk write makes two of these per node, and String.format parses its pattern each time
        String digits = Long.toString(epochMillis);
        StringBuilder key = new StringBuilder(16 + Math.max(15, digits.length()) + nodeId.length());
        for (int i = digits.length(); i < 15; i++) {
            key.append('0');
        }
        return key.append(digits).append('#').append(nodeId).toString();
    }

    private GraphKeys() {
    }

    /** A readable name for an item key: the node (with its mixin values), the relation. */
    static String describe(String sk) {
        String[] parts = sk.split("#");
        if (sk.startsWith(GraphKeys.NODE_PREFIX) && parts.length >= 2) {
            return "node '" + parts[1] + "' with its mixin values";
        }
        if (sk.startsWith("R#") && parts.length >= 3) {
            return "relation '" + parts[2] + "' from node '" + parts[1] + "'";
        }
        return "item '" + sk + "'";
    }
}
