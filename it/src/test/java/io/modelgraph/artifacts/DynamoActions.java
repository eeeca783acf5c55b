package io.modelgraph.artifacts;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The DynamoDB IAM actions a function jar's own code can call, read from its class files: each call of a
 * {@code DynamoDbClient} method (Query for {@code query} and {@code queryPaginator}) and, since IAM checks a
 * TransactWriteItems call item by item, each kind of item a {@code TransactWriteItem.Builder} is given (put →
 * PutItem, update → UpdateItem, delete → DeleteItem, conditionCheck → ConditionCheckItem). Answers the actions
 * per class ({@code io/modelgraph/...} only: the SDK's own classes call nothing by themselves).
 */
final class DynamoActions {
    private static final String CLIENT = "software/amazon/awssdk/services/dynamodb/DynamoDbClient";
    private static final String TRANSACT_ITEM = "software/amazon/awssdk/services/dynamodb/model/TransactWriteItem$Builder";
    private static final Map<String, String> CLIENT_METHODS = Map.ofEntries(
            Map.entry("getItem", "dynamodb:GetItem"), Map.entry("putItem", "dynamodb:PutItem"),
            Map.entry("updateItem", "dynamodb:UpdateItem"), Map.entry("deleteItem", "dynamodb:DeleteItem"),
            Map.entry("query", "dynamodb:Query"), Map.entry("queryPaginator", "dynamodb:Query"),
            Map.entry("scan", "dynamodb:Scan"), Map.entry("scanPaginator", "dynamodb:Scan"),
            Map.entry("batchGetItem", "dynamodb:BatchGetItem"),
            Map.entry("batchGetItemPaginator", "dynamodb:BatchGetItem"),
            Map.entry("batchWriteItem", "dynamodb:BatchWriteItem"),
            Map.entry("transactGetItems", "dynamodb:GetItem"),
            Map.entry("createTable", "dynamodb:CreateTable"), Map.entry("deleteTable", "dynamodb:DeleteTable"),
            Map.entry("describeTable", "dynamodb:DescribeTable"),
            Map.entry("updateTimeToLive", "dynamodb:UpdateTimeToLive"));
    private static final Map<String, String> TRANSACT_METHODS = Map.of("put", "dynamodb:PutItem", "update",
            "dynamodb:UpdateItem", "delete", "dynamodb:DeleteItem", "conditionCheck", "dynamodb:ConditionCheckItem");

    /** Class name (slashes) → the actions its code calls; classes calling nothing are absent. */
    static Map<String, Set<String>> byClass(Path jar) throws IOException {
        Map<String, Set<String>> out = new TreeMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements();) {
                JarEntry entry = e.nextElement();
                if (entry.getName().startsWith("io/modelgraph/") && entry.getName().endsWith(".class")) {
                    try (InputStream in = file.getInputStream(entry)) {
                        Set<String> actions = actions(in);
                        if (!actions.isEmpty()) {
                            out.put(entry.getName().substring(0, entry.getName().length() - 6), actions);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The actions one class file calls: its constant pool's method references to the client and the builder. */
    static Set<String> actions(InputStream classFile) throws IOException {
        DataInputStream in = new DataInputStream(classFile);
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNames = new int[count];
        int[][] refs = new int[count][];
        int[][] nameAndTypes = new int[count][];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNames[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++; // a long or double takes two entries
                }
                case 9, 10, 11 -> refs[i] = new int[] {tag, in.readUnsignedShort(), in.readUnsignedShort()};
                case 12 -> nameAndTypes[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                case 17, 18 -> in.readInt();
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        Set<String> actions = new TreeSet<>();
        for (int[] ref : refs) {
            if (ref == null || ref[0] == 9) {
                continue;
            }
            String owner = utf8[classNames[ref[1]]];
            String method = utf8[nameAndTypes[ref[2]][0]];
            if (owner.equals(CLIENT) && CLIENT_METHODS.containsKey(method)) {
                actions.add(CLIENT_METHODS.get(method));
            } else if (owner.equals(TRANSACT_ITEM) && TRANSACT_METHODS.containsKey(method)) {
                actions.add(TRANSACT_METHODS.get(method));
            }
        }
        return actions;
    }

    private DynamoActions() {
    }
}
