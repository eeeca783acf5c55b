package io.modelgraph.integrations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.ErrorEntry;
import io.modelgraph.api.Reply;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.http.Call;
import io.modelgraph.codec.ParseDeadline;
import io.modelgraph.integrations.Connector.ArtifactException;
import io.modelgraph.integrations.Connector.Audit;
import io.modelgraph.integrations.Connector.Estate;
import io.modelgraph.integrations.IntegrationStores.ImportState;
import io.modelgraph.integrations.IntegrationStores.Run;
import io.modelgraph.integrations.capture.Badge;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The integration routes, vendor-neutral: the connector reads, models, audits and generates; this class keeps
 * state, history, snapshots and the badge, and writes imports additively. Rules: docs/integrations.md.
 */
public final class IntegrationService {
    /** About 1.5 MB encoded: larger dictionaries are imported but not kept for reaudits (docs/integrations.md "Import"). */
    public static final int SNAPSHOT_CAP = 1_500_000;

    private static final io.modelgraph.log.JsonLog LOG = io.modelgraph.log.JsonLog.of(IntegrationService.class);

    private final ConnectorRegistry registry;
    private final GovernedModels models;
    private final IntegrationStores stores;
    private final Clock clock;

    /** How long reading the caller's artifacts may take (docs/reliability.md). */
    private final ParseDeadline parseDeadline;

    IntegrationService(ConnectorRegistry registry, GovernedModels models, IntegrationStores stores, Clock clock,
            ParseDeadline parseDeadline) {
        this.parseDeadline = parseDeadline;
        this.registry = registry;
        this.models = models;
        this.stores = stores;
        this.clock = clock;
    }

    public Reply vendors(Call call) {
        ArrayNode out = Json.array();
        for (Connector<?> c : registry.all()) {
            ObjectNode entry = out.addObject();
            entry.put("key", c.key());
            entry.put("displayName", c.displayName());
            entry.put("capabilities", c.capabilities());
            ObjectNode artifacts = entry.putObject("artifacts");
            c.artifacts().forEach(artifacts::put);
        }
        ObjectNode payload = Json.object();
        payload.set("vendors", out);
        return Reply.transform(payload, List.of());
    }

    public Reply importArtifacts(Call call) {
        Connector<?> connector = registry.get(call.request().pathParam("vendor"));
        IntegrationRequest req = IntegrationRequest.of(call, "artifacts", "spaces", "projectName", "scheduledReaudit");
        return doImport(call, connector, req);
    }

    /**
     * Every member is checked and the artifacts read before the first write, so a caller's mistake writes
     * nothing. The writes then go (docs/integrations.md "Import: the order of the writes"): the snapshot under a
     * key of its own (invisible: no state names it yet), the graph (all-or-nothing; a change set too large becomes
     * a job before it starts), then the commit point, one transaction of import state, latest-import pointer and
     * opt-in. A failure before the commit takes back what preceded it, so a storage fault leaves nothing visible.
     */
    private <E> Reply doImport(Call call, Connector<E> connector, IntegrationRequest req) {
        Optional<String> named = req.projectName();
        List<String> spaces = req.spaces();
        Optional<Boolean> scheduled = req.optionalBool("scheduledReaudit");
        Estate<E> estate = read(connector, req.artifacts(connector));
        String projectName = named.orElseGet(() -> connector.defaultProjectName(estate));
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel incoming = connector.model(estate, projectName);
        String projectId = call.projectId();
        Optional<ImportState> previous = stores.lastImport(projectId, connector.key(), Optional.of(projectName));
        Optional<String> snapshotKey = estate.snapshot().length <= SNAPSHOT_CAP
                ? Optional.of(stores.saveSnapshot(projectId, connector.key(), estate.snapshot()))
                : Optional.empty();
        GovernedModels.Written written;
        try {
            // the merge is made over the governed model as read for the write (GraphAccess.exclusive)
            written = models.write(projectId, spaces,
                    (governed, planned) -> AdditiveMerge.merge(governed, incoming, "redcap.", "redcap.form",
                            connector.governedAnnotations(), planned),
                    ledger, call.subject(), call.budget());
        } catch (RuntimeException e) {
            snapshotKey.ifPresent(k -> forget(projectId, k));
            throw e;
        }
        AdditiveMerge.Result merge = written.merge();
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("datasetsAdded", (long) merge.datasetsAdded());
        counts.put("datasetsSkippedExisting", (long) merge.datasetsSkipped());
        counts.put("fieldsAdded", (long) merge.fieldsAdded());
        counts.put("nodesEnriched", (long) merge.nodesEnriched());
        counts.put("datasets", (long) incoming.types().size());
        counts.put("fields", (long) incoming.elementCount());
        ImportState state = new ImportState(projectName, Instant.now(clock).toString(), estate.fingerprint(), counts,
                snapshotKey, spaces);
        try {
            stores.commitImport(projectId, connector.key(), state, scheduled);
        } catch (RuntimeException e) {
            try {
                models.undo(projectId, written, call.subject());
            } catch (RuntimeException undo) {
                e.addSuppressed(undo);
                LOG.info("An import's graph change could not be taken back after its commit failed", Map.of(
                        "projectId", projectId, "vendor", connector.key(), "error", String.valueOf(undo.getMessage())));
            }
            snapshotKey.ifPresent(k -> forget(projectId, k));
            throw e;
        }
        // the replaced snapshot is unreachable now; an object left behind by a failed delete is never read
        previous.flatMap(ImportState::snapshotKey).filter(k -> !snapshotKey.equals(Optional.of(k)))
                .ifPresent(k -> forget(projectId, k));
        boolean snapshotStored = snapshotKey.isPresent();
        ObjectNode payload = Json.object();
        payload.put("vendor", connector.key());
        payload.put("projectName", projectName);
        payload.put("datasetsAdded", merge.datasetsAdded());
        payload.put("datasetsSkippedExisting", merge.datasetsSkipped());
        payload.put("fieldsAdded", merge.fieldsAdded());
        payload.put("lineageEdgesAdded", 0);
        payload.put("lineageEdgesSkipped", 0);
        payload.put("nodesEnriched", merge.nodesEnriched());
        payload.put("snapshotStored", snapshotStored);
        return Reply.transform(payload, ledger.entries());
    }

    /** Deletes a snapshot object no import state names; a failure only leaves an object nothing reads. */
    private void forget(String projectId, String snapshotKey) {
        try {
            stores.deleteSnapshot(projectId, snapshotKey);
        } catch (RuntimeException e) {
            LOG.info("An unreferenced snapshot could not be deleted", Map.of("projectId", projectId, "key",
                    snapshotKey, "error", String.valueOf(e.getMessage())));
        }
    }

    public Reply audit(Call call) {
        Connector<?> connector = registry.get(call.request().pathParam("vendor"));
        IntegrationRequest req = IntegrationRequest.of(call, "artifacts", "recordHistory", "projectName", "spaces",
                "productionReview");
        ObjectNode report = runAudit(call.projectId(), connector, req, req.bool("recordHistory"), "audit",
                Optional.empty());
        return Reply.transform(report, List.of());
    }

    /** The machine route: an API key, the /v1 envelope, trigger {@code ci} when recorded. */
    public Reply machineAudit(Call call) {
        Connector<?> connector = registry.get(call.request().pathParam("vendor"));
        IntegrationRequest req = IntegrationRequest.of(call, "artifacts", "recordHistory", "projectName", "spaces",
                "productionReview");
        ObjectNode report = runAudit(call.projectId(), connector, req, req.bool("recordHistory"), "ci",
                Optional.empty());
        report.putArray("lossiness");
        return Reply.data(report);
    }

    private <E> ObjectNode runAudit(String projectId, Connector<E> connector, IntegrationRequest req, boolean record,
            String trigger, Optional<Estate<E>> replay) {
        Optional<String> named = req.projectName();
        List<String> spaces = req.spaces();
        boolean review = replay.isEmpty() && req.bool("productionReview");
        Estate<E> estate = replay.isPresent() ? replay.get() : read(connector, req.artifacts(connector));
        Optional<ImportState> last = stores.lastImport(projectId, connector.key(), named);
        String projectName = named.or(() -> last.map(ImportState::projectName))
                .orElseGet(() -> connector.defaultProjectName(estate));
        Optional<Estate<E>> previous = review ? Optional.of(previous(projectId, connector, last)) : Optional.empty();
        SchemaModel governed = models.read(projectId, spaces);
        Audit audit = connector.audit(estate, governed, last.map(ImportState::importedAt), projectName, previous);
        if (record) {
            recordRun(projectId, connector.key(), new Run(projectName, Instant.now(clock).toString(), trigger,
                    audit.errorCount(), audit.warningCount(), audit.infoCount(), audit.codes(), estate.fingerprint()));
        }
        return report(connector.key(), projectName, estate.fingerprint(), audit, record);
    }

    /** The live project's previous estate: the snapshot its last import stored. */
    private <E> Estate<E> previous(String projectId, Connector<E> connector, Optional<ImportState> last) {
        Optional<byte[]> bytes = last.flatMap(s -> stores.snapshot(projectId, s));
        if (bytes.isEmpty()) {
            throw new TransformFailure(404, List.of(new ErrorEntry("productionReview", "No stored estate snapshot"
                    + " for vendor '" + connector.key() + "' - import the vendor project first (imports persist the"
                    + " parsed snapshot); the production-change review compares with it.")), List.of());
        }
        return read(connector, Map.of(connector.artifacts().keySet().iterator().next(), bytes.get()));
    }

    private void recordRun(String projectId, String vendor, Run run) {
        stores.record(projectId, vendor, run);
    }

    public Reply reaudit(Call call) {
        Connector<?> connector = registry.get(call.request().pathParam("vendor"));
        IntegrationRequest req = IntegrationRequest.of(call, "projectName", "spaces");
        return Reply.transform(reaudit(call.projectId(), connector, req, "reaudit"), List.of());
    }

    /**
     * Reaudits every vendor-side project that opted in (import with {@code scheduledReaudit: true}), trigger
     * {@code scheduled}; one failing project does not stop the others. Answers how many ran.
     */
    public int runScheduledReaudits() {
        int ran = 0;
        for (Connector<?> connector : registry.all()) {
            for (IntegrationStores.Scheduled s : stores.scheduled(connector.key())) {
                try {
                    reaudit(s.projectId(), connector, IntegrationRequest.named(s.projectName()), "scheduled");
                    ran++;
                } catch (RuntimeException e) {
                    io.modelgraph.log.JsonLog.of(IntegrationService.class).info("Scheduled reaudit failed",
                            Map.of("projectId", s.projectId(), "vendor", connector.key(), "error",
                                    String.valueOf(e.getMessage())));
                }
            }
        }
        return ran;
    }

    private <E> ObjectNode reaudit(String projectId, Connector<E> connector, IntegrationRequest req, String trigger) {
        Optional<String> named = req.projectName();
        req.spaces();
        // null or absent: the latest snapshot that is stored, though a later import's was over the cap
        Optional<ImportState> last = named.isPresent() ? stores.lastImport(projectId, connector.key(), named)
                : stores.latestStoredSnapshot(projectId, connector.key());
        Optional<byte[]> bytes = last.flatMap(s -> stores.snapshot(projectId, s));
        if (bytes.isEmpty()) {
            throw new TransformFailure(404, List.of(new ErrorEntry("projectName", "No stored estate snapshot for"
                    + " vendor '" + connector.key() + "' - import the vendor project first (imports persist the parsed"
                    + " snapshot).")), List.of());
        }
        Estate<E> estate = read(connector, Map.of(connector.artifacts().keySet().iterator().next(), bytes.get()));
        IntegrationRequest replayed = req.withProjectName(last.get().projectName());
        ObjectNode report = runAudit(projectId, connector, replayed, true, trigger, Optional.of(estate));
        ((ObjectNode) report.get("metrics")).put("Snapshot stored", last.get().importedAt());
        return report;
    }

    public Reply history(Call call) {
        Connector<?> connector = registry.get(call.request().pathParam("vendor"));
        IntegrationRequest.of(call);
        ObjectNode payload = Json.object();
        payload.put("vendor", connector.key());
        ArrayNode projects = payload.putArray("projects");
        for (Map.Entry<String, List<Run>> e : stores.runs(call.projectId(), connector.key()).entrySet()) {
            ObjectNode p = projects.addObject();
            p.put("projectName", e.getKey());
            ArrayNode runs = p.putArray("runs");
            for (Run r : e.getValue()) {
                ObjectNode o = runs.addObject();
                o.put("at", r.at());
                o.put("trigger", r.trigger());
                o.put("errorCount", r.errorCount());
                o.put("warningCount", r.warningCount());
                o.put("infoCount", r.infoCount());
                ObjectNode codes = o.putObject("codes");
                r.codes().forEach(codes::put);
                o.put("fingerprint", r.fingerprint());
            }
        }
        return Reply.transform(payload, List.of());
    }

    public Reply badge(Call call) {
        Connector<?> connector = registry.get(call.request().pathParam("vendor"));
        return badgeOf(call, connector);
    }

    public Reply machineBadge(Call call) {
        return badgeOf(call, registry.get(call.request().pathParam("vendor")));
    }

    private Reply badgeOf(Call call, Connector<?> connector) {
        IntegrationRequest.of(call);
        // drawn from the newest recorded run: a run is recorded whole in one transaction, so the badge always
        // shows a complete audit, and the newest one however many audits record at once
        String svg = Badge.svg(stores.newestRun(call.projectId(), connector.key())
                .map(r -> new Badge.State(true, (int) r.errorCount(), (int) r.warningCount()))
                .orElse(Badge.State.NO_RUNS));
        return Reply.raw("image/svg+xml", svg);
    }

    public Reply generate(Call call) {
        Connector<?> connector = registry.get(call.request().pathParam("vendor"));
        IntegrationRequest req = IntegrationRequest.of(call, "typeNames", "targetVersion", "extra", "spaces");
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel governed = models.read(call.projectId(), req.spaces());
        List<Connector.GeneratedArtifact> artifacts = connector.generate(governed, req.strings("typeNames"), ledger)
                .orElseThrow(() -> new TransformFailure(400, List.of(new ErrorEntry("typeNames",
                        connector.nothingToGenerate())), List.of()));
        ObjectNode payload = Json.object();
        ArrayNode out = payload.putArray("artifacts");
        for (Connector.GeneratedArtifact a : artifacts) {
            out.addObject().put("name", a.name()).put("kind", a.kind()).put("content", a.content());
        }
        return Reply.transform(payload, ledger.entries());
    }

    public Reply status(Call call) {
        Connector<?> connector = registry.get(call.request().pathParam("vendor"));
        IntegrationRequest.of(call);
        Optional<ImportState> last = stores.lastImport(call.projectId(), connector.key(), Optional.empty());
        ObjectNode payload = Json.object();
        payload.put("vendor", connector.key());
        payload.put("imported", last.isPresent());
        if (last.isPresent()) {
            ObjectNode state = payload.putObject("state");
            state.put("projectName", last.get().projectName());
            state.put("lastImportAt", last.get().importedAt());
            state.put("fingerprint", last.get().fingerprint());
            state.put("snapshotStored", last.get().snapshotStored());
            last.get().spaces().forEach(state.putArray("spaces")::add);
            ObjectNode counts = state.putObject("counts");
            last.get().counts().forEach(counts::put);
        } else {
            payload.putNull("state");
        }
        // the spaces the last import wrote to: an import into another space governs its datasets there
        SchemaModel governed = models.read(call.projectId(), last.map(ImportState::spaces).orElse(List.of()));
        payload.put("governedDatasets", governed.types().stream()
                .filter(t -> t.annotations().containsKey("redcap.form")).count());
        return Reply.transform(payload, List.of());
    }

    /** The artifacts read within the parse deadline, before anything is written. */
    private <E> Estate<E> read(Connector<E> connector, Map<String, byte[]> artifacts) {
        try {
            return parseDeadline.run(() -> connector.read(artifacts));
        } catch (ArtifactException e) {
            throw TransformFailure.of(e.where(), e.getMessage());
        } catch (ParseDeadline.Exceeded e) {
            throw new TransformFailure(413, List.of(new io.modelgraph.api.ErrorEntry("artifacts", "Could not read the "
                    + connector.displayName() + " within the decode time limit of " + e.millis() + " ms; nothing "
                    + "was done.")), List.of());
        }
    }

    private static ObjectNode report(String vendor, String projectName, String fingerprint, Audit audit,
            boolean recorded) {
        ObjectNode r = Json.object();
        r.put("vendor", vendor);
        r.put("projectName", projectName);
        r.put("errorCount", audit.errorCount());
        r.put("warningCount", audit.warningCount());
        r.put("infoCount", audit.infoCount());
        ObjectNode codes = r.putObject("codes");
        audit.codes().forEach(codes::put);
        ArrayNode drifted = r.putArray("driftedObjects");
        for (Connector.DriftedObject d : audit.driftedObjects()) {
            ObjectNode o = drifted.addObject().put("kind", d.kind()).put("subject", d.subject());
            d.codes().forEach(o.putArray("codes")::add);
        }
        r.put("fingerprint", fingerprint);
        ObjectNode metrics = r.putObject("metrics");
        audit.metrics().forEach(metrics::put);
        ArrayNode findings = r.putArray("findings");
        for (Finding f : audit.findings()) {
            ObjectNode o = findings.addObject();
            o.put("section", f.section()).put("severity", f.severity()).put("code", f.code())
                    .put("subject", f.subject()).put("message", f.message());
            if (f.detail().isPresent()) {
                o.put("detail", f.detail().get());
            } else {
                o.putNull("detail");
            }
        }
        r.put("markdown", audit.markdown());
        r.put("historyRecorded", recorded);
        return r;
    }
}
