package io.modelgraph.integrations;

import io.modelgraph.store.Attr;
import io.modelgraph.store.BlobStore;
import io.modelgraph.store.HistoryStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a connector's state lives. In the history table: trail {@code <vendor>} holds the audit runs of each
 * vendor-side project (newest first, at most 50), trail {@code <vendor>-state} the last import of each (kept 1),
 * trail {@code <vendor>-latest} which vendor-side project was imported last. In the bucket, under the project:
 * {@code <vendor>/snapshots/<projectName>} the dictionary bytes of the last import, {@code <vendor>/badge.svg}.
 */
final class IntegrationStores {
    static final String LATEST = "latest";
    private final HistoryStore history;
    private final BlobStore blobs;

    IntegrationStores(HistoryStore history, BlobStore blobs) {
        this.history = history;
        this.blobs = blobs;
    }

    /** {@code spaces}: the spaces the import wrote to (empty: the main space), which status counts. */
    record ImportState(String projectName, String importedAt, String fingerprint, Map<String, Long> counts,
            boolean snapshotStored, List<String> spaces) {
        ImportState {
            spaces = List.copyOf(spaces);
        }
    }

    record Run(String projectName, String at, String trigger, long errorCount, long warningCount, long infoCount,
            Map<String, Integer> codes, String fingerprint) {
    }

    void saveImport(String projectId, String vendor, ImportState s) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("projectName", Attr.s(s.projectName()));
        item.put("importedAt", Attr.s(s.importedAt()));
        item.put("fingerprint", Attr.s(s.fingerprint()));
        item.put("snapshotStored", AttributeValue.fromBool(s.snapshotStored()));
        Map<String, AttributeValue> counts = new LinkedHashMap<>();
        s.counts().forEach((k, v) -> counts.put(k, Attr.n(v)));
        item.put("counts", AttributeValue.fromM(counts));
        item.put("spaces", AttributeValue.fromL(s.spaces().stream().map(Attr::s).toList()));
        history.append(projectId, vendor + "-state", s.projectName(), item, 1);
        history.append(projectId, vendor + "-latest", LATEST, Map.of("projectName", Attr.s(s.projectName())), 1);
    }

    Optional<ImportState> lastImport(String projectId, String vendor, Optional<String> projectName) {
        Optional<String> name = projectName.or(() -> latestProjectName(projectId, vendor));
        if (name.isEmpty()) {
            return Optional.empty();
        }
        return history.list(projectId, vendor + "-state", name.get(), 1).stream().findFirst()
                .map(item -> importState(item, name.get()));
    }

    /** The newest import, across vendor-side projects, whose snapshot is stored. */
    Optional<ImportState> latestStoredSnapshot(String projectId, String vendor) {
        return history.listAll(projectId, vendor + "-state").stream().map(item -> importState(item, ""))
                .filter(ImportState::snapshotStored)
                .max(java.util.Comparator.comparing(s -> instant(s.importedAt())));
    }

    private static ImportState importState(Map<String, AttributeValue> item, String name) {
        Map<String, Long> counts = new LinkedHashMap<>();
        item.getOrDefault("counts", AttributeValue.fromM(Map.of())).m()
                .forEach((k, v) -> counts.put(k, Long.parseLong(v.n())));
        List<String> spaces = item.containsKey("spaces") ? item.get("spaces").l().stream().map(AttributeValue::s)
                .toList() : List.of();
        return new ImportState(Attr.str(item, "projectName").orElse(name),
                Attr.str(item, "importedAt").orElse(""), Attr.str(item, "fingerprint").orElse(""), counts,
                item.containsKey("snapshotStored") && item.get("snapshotStored").bool(), spaces);
    }

    /** ISO-8601 instants compared as instants: their text does not sort (a whole second drops its fraction). */
    static java.time.Instant instant(String at) {
        try {
            return java.time.Instant.parse(at);
        } catch (java.time.format.DateTimeParseException e) {
            return java.time.Instant.EPOCH;
        }
    }

    private Optional<String> latestProjectName(String projectId, String vendor) {
        return history.list(projectId, vendor + "-latest", LATEST, 1).stream().findFirst()
                .flatMap(i -> Attr.str(i, "projectName"));
    }

    /** A vendor-side project that opted in to the scheduled reaudit. */
    record Scheduled(String projectId, String projectName) {
    }

    /** Opt-ins of every project sit in one partition, so the schedule finds them with one query. */
    private static final String SCHEDULES = "schedules";

    void setScheduled(String projectId, String vendor, String projectName, boolean on) {
        history.append(SCHEDULES, vendor, projectId, Map.of("projectId", Attr.s(projectId), "projectName",
                Attr.s(projectName), "enabled", AttributeValue.fromBool(on)), 1);
    }

    List<Scheduled> scheduled(String vendor) {
        List<Scheduled> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : history.listAll(SCHEDULES, vendor)) {
            if (item.containsKey("enabled") && item.get("enabled").bool()) {
                out.add(new Scheduled(Attr.str(item, "projectId").orElse(""), Attr.str(item, "projectName")
                        .orElse("")));
            }
        }
        return out;
    }

    void saveSnapshot(String projectId, String vendor, String projectName, byte[] bytes) {
        blobs.put(projectId, vendor + "/snapshots/" + projectName, bytes, "text/csv");
    }

    Optional<byte[]> snapshot(String projectId, String vendor, String projectName) {
        return blobs.get(projectId, vendor + "/snapshots/" + projectName);
    }

    void deleteSnapshot(String projectId, String vendor, String projectName) {
        blobs.delete(projectId, vendor + "/snapshots/" + projectName);
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

    void saveBadge(String projectId, String vendor, String svg) {
        blobs.put(projectId, vendor + "/badge.svg", svg.getBytes(StandardCharsets.UTF_8), "image/svg+xml");
    }

    Optional<String> badge(String projectId, String vendor) {
        return blobs.get(projectId, vendor + "/badge.svg").map(b -> new String(b, StandardCharsets.UTF_8));
    }
}
