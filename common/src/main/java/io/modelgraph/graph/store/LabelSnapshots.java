package io.modelgraph.graph.store;

import io.modelgraph.graph.NodeType;
import io.modelgraph.log.JsonLog;
import io.modelgraph.store.Attr;
import io.modelgraph.store.BatchWriter;
import io.modelgraph.store.Tables;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Snapshots of a space's label index in the graph table (docs/graph.md "Read caches"), so that a cold container
 * (or the first search after a large write) reads a few compressed items instead of every node of the space:
 * 100,000 nodes were 100,053 index items (tens of thousands of read units); their snapshot is a handful of
 * 350 KB chunks. A snapshot is what one container's index held at a version; a reader uses it only when no
 * large write came after it ({@code rb <= snapshot version <= current version}) and then follows the changes
 * since, exactly as a warm container does. Kept in DynamoDB rather than S3 so that the graph function needs
 * neither the S3 SDK nor bucket rights; items expire a week after they were written (TTL), a reader that finds
 * a chunk gone reads the space whole and writes a new one.
 *
 * <p>Items: {@code X#labels#<spaceId>} (the header: version, rebuild mark, refresh times, chunk set and count)
 * and {@code X#labels#<spaceId>#<set>#<n>} (gzip of the entries, in order). Chunks are written before the header
 * names them, and a header is replaced only by a newer version's, so a reader never sees a half-written set.
 */
final class LabelSnapshots {
    /** Spaces smaller than this are read whole: their items cost about what a snapshot read would. */
    static final int MIN_ENTRIES = 1_000;
    static final int CHUNK_BYTES = 350_000;
    static final Duration KEEP = Duration.ofDays(7);
    private static final int MAGIC = 0x4d474c31; // "MGL1"
    private static final String PREFIX = "X#labels#";
    private static final JsonLog LOG = JsonLog.of(LabelSnapshots.class);

    /** One space's index as one container held it: entries per node type, in no particular order. */
    record Snapshot(ProjectVersion.Stamp stamp, long refreshedFrom, long versionSeenAt,
            Map<NodeType, List<LabelIndex.Entry>> partitions) {
        int size() {
            return partitions.values().stream().mapToInt(List::size).sum();
        }
    }

    private final DynamoDbClient dynamo;
    private final String table;
    private final DynamoCalls calls;
    private final BatchWriter batches;
    private final Clock clock;

    LabelSnapshots(DynamoDbClient dynamo, String table, DynamoCalls calls, Clock clock) {
        this.dynamo = dynamo;
        this.table = table;
        this.calls = calls;
        this.batches = new BatchWriter(dynamo);
        this.clock = clock;
    }

    /** The stored snapshot usable at {@code current}, if any; a read that fails is logged and counts as none. */
    Optional<Snapshot> read(String projectId, String spaceId, ProjectVersion.Stamp current) {
        try {
            Map<String, AttributeValue> header = dynamo.getItem(b -> b.tableName(table)
                    .key(GraphStore.key(projectId, PREFIX + spaceId))).item();
            if (header == null || header.isEmpty()) {
                return Optional.empty();
            }
            long version = Long.parseLong(header.get("v").n());
            if (current.rebuildAt() > version || current.version() < version) {
                return Optional.empty(); // a large write came after it, or this reader's stamp is older than it
            }
            String set = header.get("set").s();
            int chunks = Integer.parseInt(header.get("n").n());
            List<byte[]> parts = chunks(projectId, spaceId, set, chunks);
            if (parts.size() != chunks) {
                return Optional.empty(); // expired or replaced meanwhile
            }
            return Optional.of(decode(parts, new ProjectVersion.Stamp(version, Long.parseLong(header.get("rb").n())),
                    Long.parseLong(header.get("from").n()), Long.parseLong(header.get("seen").n())));
        } catch (IOException | RuntimeException e) {
            LOG.warn("Label index snapshot not read; reading the space whole",
                    Map.of("projectId", projectId, "error", e.getClass().getSimpleName()));
            return Optional.empty();
        }
    }

    /**
     * Stores {@code snapshot} unless a newer one is there; the set it replaces is deleted. Best effort: a failure
     * is logged and the next cold reader reads the space whole, as it would have without snapshots.
     */
    void write(String projectId, String spaceId, Snapshot snapshot) {
        String set = Long.toHexString(ThreadLocalRandom.current().nextLong());
        long expires = clock.instant().plus(KEEP).getEpochSecond();
        List<byte[]> parts;
        try {
            parts = encode(snapshot);
        } catch (IOException e) {
            throw new IllegalStateException("gzip into memory failed", e);
        }
        try {
            List<WriteRequest> puts = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                Map<String, AttributeValue> item = new HashMap<>(GraphStore.key(projectId, chunkKey(spaceId, set, i)));
                item.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(parts.get(i))));
                item.put(Tables.EXPIRES_AT, Attr.n(expires));
                puts.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
            }
            batches.write(table, puts);
            Map<String, AttributeValue> header = new HashMap<>(GraphStore.key(projectId, PREFIX + spaceId));
            header.put("v", Attr.n(snapshot.stamp().version()));
            header.put("rb", Attr.n(snapshot.stamp().rebuildAt()));
            header.put("from", Attr.n(snapshot.refreshedFrom()));
            header.put("seen", Attr.n(snapshot.versionSeenAt()));
            header.put("set", Attr.s(set));
            header.put("n", Attr.n(parts.size()));
            header.put("entries", Attr.n(snapshot.size()));
            header.put(Tables.EXPIRES_AT, Attr.n(expires));
            PutItemResponse put;
            try {
                put = dynamo.putItem(b -> b.tableName(table).item(header)
                        .conditionExpression("attribute_not_exists(#v) OR #v <= :v")
                        .expressionAttributeNames(Map.of("#v", "v"))
                        .expressionAttributeValues(Map.of(":v", Attr.n(snapshot.stamp().version())))
                        .returnValues(ReturnValue.ALL_OLD));
            } catch (ConditionalCheckFailedException newer) {
                delete(projectId, spaceId, set, parts.size());
                return;
            }
            if (put.hasAttributes() && put.attributes().containsKey("set")) {
                delete(projectId, spaceId, put.attributes().get("set").s(),
                        Integer.parseInt(put.attributes().get("n").n()));
            }
        } catch (RuntimeException e) {
            LOG.warn("Label index snapshot not written; cold searches read the space whole",
                    Map.of("projectId", projectId, "error", e.getClass().getSimpleName()));
        }
    }

    private static String chunkKey(String spaceId, String set, int n) {
        return PREFIX + spaceId + "#" + set + "#" + n;
    }

    private List<byte[]> chunks(String projectId, String spaceId, String set, int count) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            keys.add(GraphStore.key(projectId, chunkKey(spaceId, set, i)));
        }
        Map<String, byte[]> byKey = new HashMap<>();
        for (Map<String, AttributeValue> item : calls.batchGet(keys)) {
            byKey.put(item.get(Tables.SK).s(), item.get("b").b().asByteArray());
        }
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] part = byKey.get(chunkKey(spaceId, set, i));
            if (part == null) {
                return out;
            }
            out.add(part);
        }
        return out;
    }

    private void delete(String projectId, String spaceId, String set, int count) {
        List<WriteRequest> deletes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, AttributeValue> key = GraphStore.key(projectId, chunkKey(spaceId, set, i));
            deletes.add(WriteRequest.builder().deleteRequest(d -> d.key(key)).build());
        }
        batches.write(table, deletes);
    }

    static List<byte[]> encode(Snapshot snapshot) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new GZIPOutputStream(bytes, 1 << 16))) {
            out.writeInt(MAGIC);
            out.writeInt(snapshot.partitions().size());
            for (Map.Entry<NodeType, List<LabelIndex.Entry>> p : snapshot.partitions().entrySet()) {
                out.writeUTF(p.getKey().name());
                out.writeInt(p.getValue().size());
                for (LabelIndex.Entry e : p.getValue()) {
                    text(out, e.id());
                    text(out, e.lower());
                    text(out, e.lsk());
                    text(out, e.csk());
                    text(out, e.usk());
                }
            }
        }
        byte[] all = bytes.toByteArray();
        List<byte[]> parts = new ArrayList<>();
        for (int from = 0; from < all.length; from += CHUNK_BYTES) {
            parts.add(java.util.Arrays.copyOfRange(all, from, Math.min(all.length, from + CHUNK_BYTES)));
        }
        return parts;
    }

    static Snapshot decode(List<byte[]> parts, ProjectVersion.Stamp stamp, long refreshedFrom, long versionSeenAt)
            throws IOException {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            joined.write(part);
        }
        Map<NodeType, List<LabelIndex.Entry>> partitions = new EnumMap<>(NodeType.class);
        try (DataInputStream in = new DataInputStream(new GZIPInputStream(
                new ByteArrayInputStream(joined.toByteArray()), 1 << 16))) {
            if (in.readInt() != MAGIC) {
                throw new IOException("not a label index snapshot");
            }
            int types = in.readInt();
            for (int t = 0; t < types; t++) {
                NodeType type = NodeType.valueOf(in.readUTF());
                int n = in.readInt();
                List<LabelIndex.Entry> entries = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    entries.add(new LabelIndex.Entry(text(in), text(in), text(in), text(in), text(in)));
                }
                partitions.put(type, entries);
            }
        }
        return new Snapshot(stamp, refreshedFrom, versionSeenAt, partitions);
    }

    /** Length-prefixed UTF-8: labels may exceed writeUTF's 64 KB of modified UTF-8. */
    private static void text(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String text(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 20) {
            throw new IOException("label index snapshot entry of " + n + " bytes");
        }
        return new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }
}
