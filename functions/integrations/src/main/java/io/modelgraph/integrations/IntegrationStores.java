package io.modelgraph.integrations;

import io.modelgraph.store.Attr;
import io.modelgraph.store.BlobStore;
import io.modelgraph.store.HistoryStore;
import io.modelgraph.store.Tables;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Where a connector's state lives. In the history table: trail {@code <vendor>} holds the audit runs of each
 * vendor-side project (newest first, at most 50); partition {@code <projectId>#<vendor>-imports} holds the last
 * import of each vendor-side project ({@code S#<projectName>}) and which one was imported last ({@code LATEST});
 * partition {@code schedules#<vendor>} the scheduled-reaudit opt-ins of every project ({@code O#<projectId>}).
 * In the bucket, under the project: {@code <vendor>/snapshots/<importId>} the dictionary bytes of an import, named
 * by the import state that keeps them (docs/integrations.md "Import: the order of the writes").
 */
final class IntegrationStores {
    private static final String STATE = "S#";
    private static final String LATEST = "LATEST";
    private static final String OPT_IN = "O#";
    private final HistoryStore history;
    private final BlobStore blobs;
    private final DynamoDbClient dynamo;
    private final String table;

    IntegrationStores(HistoryStore history, BlobStore blobs, DynamoDbClient dynamo, String historyTable) {
        this.history = history;
        this.blobs = blobs;
        this.dynamo = dynamo;
        this.table = historyTable;
    }

    /**
     * {@code spaces}: the spaces the import wrote to (empty: the main space), which status counts;
     * {@code snapshotKey}: the bucket object holding the import's bytes, empty when they were over the cap.
     */
    record ImportState(String projectName, String importedAt, String fingerprint, Map<String, Long> counts,
            Optional<String> snapshotKey, List<String> spaces) {
        ImportState {
            spaces = List.copyOf(spaces);
            counts = Map.copyOf(counts);
        }

        boolean snapshotStored() {
            return snapshotKey.isPresent();
        }
    }

    record Run(String projectName, String at, String trigger, long errorCount, long warningCount, long infoCount,
            Map<String, Integer> codes, String fingerprint) {
    }

    /**
     * The commit point of an import: its state, the latest-import pointer and the opt-in (when given) in one
     * transaction, so they become visible together or not at all.
     */
    void commitImport(String projectId, String vendor, ImportState s, Optional<Boolean> scheduled) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(key(imports(projectId, vendor),
                STATE + encode(s.projectName())));
        item.put("projectName", Attr.s(s.projectName()));
        item.put("importedAt", Attr.s(s.importedAt()));
        item.put("fingerprint", Attr.s(s.fingerprint()));
        s.snapshotKey().ifPresent(k -> item.put("snapshotKey", Attr.s(k)));
        Map<String, AttributeValue> counts = new LinkedHashMap<>();
        s.counts().forEach((k, v) -> counts.put(k, Attr.n(v)));
        item.put("counts", AttributeValue.fromM(counts));
        item.put("spaces", AttributeValue.fromL(s.spaces().stream().map(Attr::s).toList()));
        Map<String, AttributeValue> latest = new LinkedHashMap<>(key(imports(projectId, vendor), LATEST));
        latest.put("projectName", Attr.s(s.projectName()));
        List<TransactWriteItem> tx = new ArrayList<>();
        tx.add(put(item));
        tx.add(put(latest));
        scheduled.ifPresent(on -> {
            Map<String, AttributeValue> optIn = new LinkedHashMap<>(key(HistoryStore.partition(SCHEDULES, vendor),
                    OPT_IN + encode(projectId)));
            optIn.put("projectId", Attr.s(projectId));
            optIn.put("projectName", Attr.s(s.projectName()));
            optIn.put("enabled", AttributeValue.fromBool(on));
            tx.add(put(optIn));
        });
        dynamo.transactWriteItems(b -> b.transactItems(tx));
    }

    private TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table).item(item).build()).build();
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of(Tables.PK, Attr.s(pk), Tables.SK, Attr.s(sk));
    }

    private static String imports(String projectId, String vendor) {
        return HistoryStore.partition(projectId, vendor + "-imports");
    }

    /** Percent-encoded, as the history store encodes its key parts: no {@code #} in a name. */
    private static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8);
    }

    private Optional<Map<String, AttributeValue>> item(String pk, String sk) {
        var got = dynamo.getItem(b -> b.tableName(table).key(key(pk, sk)).consistentRead(true));
        return got.hasItem() && !got.item().isEmpty() ? Optional.of(got.item()) : Optional.empty();
    }

    private List<Map<String, AttributeValue>> items(String pk, String prefix) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        dynamo.queryPaginator(b -> b.tableName(table).consistentRead(true)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(pk), ":prefix", Attr.s(prefix))))
                .items().forEach(out::add);
        return out;
    }

    Optional<ImportState> lastImport(String projectId, String vendor, Optional<String> projectName) {
        Optional<String> name = projectName.or(() -> item(imports(projectId, vendor), LATEST)
                .flatMap(i -> Attr.str(i, "projectName")));
        return name.flatMap(n -> item(imports(projectId, vendor), STATE + encode(n)))
                .map(IntegrationStores::importState);
    }

    /** The newest import, across vendor-side projects, whose snapshot is stored. */
    Optional<ImportState> latestStoredSnapshot(String projectId, String vendor) {
        return items(imports(projectId, vendor), STATE).stream().map(IntegrationStores::importState)
                .filter(ImportState::snapshotStored)
                .max(java.util.Comparator.comparing(s -> instant(s.importedAt())));
    }

    private static ImportState importState(Map<String, AttributeValue> item) {
        Map<String, Long> counts = new LinkedHashMap<>();
        item.getOrDefault("counts", AttributeValue.fromM(Map.of())).m()
                .forEach((k, v) -> counts.put(k, Long.parseLong(v.n())));
        List<String> spaces = item.containsKey("spaces") ? item.get("spaces").l().stream().map(AttributeValue::s)
                .toList() : List.of();
        return new ImportState(Attr.str(item, "projectName").orElse(""), Attr.str(item, "importedAt").orElse(""),
                Attr.str(item, "fingerprint").orElse(""), counts, Attr.str(item, "snapshotKey"), spaces);
    }

    /** ISO-8601 instants compared as instants: their text does not sort (a whole second drops its fraction). */
    static java.time.Instant instant(String at) {
        try {
            return java.time.Instant.parse(at);
        } catch (java.time.format.DateTimeParseException e) {
            return java.time.Instant.EPOCH;
        }
    }

    /** A vendor-side project that opted in to the scheduled reaudit. */
    record Scheduled(String projectId, String projectName) {
    }

    /** Opt-ins of every project sit in one partition, so the schedule finds them with one query. */
    private static final String SCHEDULES = "schedules";

    List<Scheduled> scheduled(String vendor) {
        List<Scheduled> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : items(HistoryStore.partition(SCHEDULES, vendor), OPT_IN)) {
            if (item.containsKey("enabled") && item.get("enabled").bool()) {
                out.add(new Scheduled(Attr.str(item, "projectId").orElse(""), Attr.str(item, "projectName")
                        .orElse("")));
            }
        }
        return out;
    }

    /** Stores an import's bytes under a key of their own: invisible until an import state names it. */
    String saveSnapshot(String projectId, String vendor, byte[] bytes) {
        String name = vendor + "/snapshots/" + UUID.randomUUID();
        blobs.put(projectId, name, bytes, "text/csv");
        return name;
    }

    Optional<byte[]> snapshot(String projectId, ImportState state) {
        return state.snapshotKey().flatMap(k -> blobs.get(projectId, k));
    }

    void deleteSnapshot(String projectId, String snapshotKey) {
        blobs.delete(projectId, snapshotKey);
    }

    void record(String projectId, String vendor, Run run) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("projectName", Attr.s(run.projectName()));
        item.put("at", Attr.s(run.at()));
        item.put("trigger", Attr.s(run.trigger()));
        item.put("errorCount", Attr.n(run.errorCount()));
        item.put("warningCount", Attr.n(run.warningCount()));
        item.put("infoCount", Attr.n(run.infoCount()));
        item.put("fingerprint", Attr.s(run.fingerprint()));
        Map<String, AttributeValue> codes = new LinkedHashMap<>();
        run.codes().forEach((k, v) -> codes.put(k, Attr.n(v)));
        item.put("codes", AttributeValue.fromM(codes));
        history.append(projectId, vendor, run.projectName(), item, HistoryStore.MAX_KEEP);
    }

    /**
     * Every vendor-side project's runs, newest first by {@code at}: concurrent audits stamp {@code at} before they
     * append, so the append order alone can invert two runs.
     */
    Map<String, List<Run>> runs(String projectId, String vendor) {
        Map<String, List<Run>> out = new LinkedHashMap<>();
        for (Map<String, AttributeValue> item : history.listAll(projectId, vendor)) {
            Run run = run(item);
            out.computeIfAbsent(run.projectName(), k -> new ArrayList<>()).add(run);
        }
        out.values().forEach(runs -> runs.sort(java.util.Comparator.comparing((Run r) -> instant(r.at()))
                .reversed()));
        return out;
    }

    private static Run run(Map<String, AttributeValue> item) {
        Map<String, Integer> codes = new LinkedHashMap<>();
        item.getOrDefault("codes", AttributeValue.fromM(Map.of())).m()
                .forEach((k, v) -> codes.put(k, Integer.parseInt(v.n())));
        return new Run(Attr.str(item, "projectName").orElse(""), Attr.str(item, "at").orElse(""),
                Attr.str(item, "trigger").orElse(""), Attr.num(item, "errorCount", 0),
                Attr.num(item, "warningCount", 0), Attr.num(item, "infoCount", 0), codes,
                Attr.str(item, "fingerprint").orElse(""));
    }

    /** The newest recorded run across the vendor-side projects: the one the badge shows. */
    Optional<Run> newestRun(String projectId, String vendor) {
        return history.listAll(projectId, vendor).stream().map(IntegrationStores::run)
                .max(java.util.Comparator.comparing((Run r) -> instant(r.at())));
    }
}
