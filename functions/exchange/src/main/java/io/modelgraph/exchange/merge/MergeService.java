package io.modelgraph.exchange.merge;

import io.modelgraph.api.ApiProblem;
import io.modelgraph.codec.ParseDeadline;
import io.modelgraph.exchange.SpaceModels;
import io.modelgraph.exchange.fetch.FetchDeadline;
import io.modelgraph.exchange.fetch.FetchedFile;
import io.modelgraph.exchange.fetch.SafeFetcher;
import io.modelgraph.exchange.fetch.SourceRef;
import io.modelgraph.codec.jsonld.JsonLdExportOptions;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.ProfileStore;
import io.modelgraph.graph.GeneratedIds;
import io.modelgraph.graph.GraphAccess;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.GraphSnapshot;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.StoreConflictException;
import io.modelgraph.jobs.WriteBudget;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.platform.Settings;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.time.Clock;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.graph.MixinValue;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A merge: fetch every source, read it through the profile, compute the diff against the space, check the three
 * warnings, then apply the diff in one {@code GraphAccess.apply} and record the space's merge state. Everything
 * that can fail (bad input, fetch, parse, warnings, validation of the change set) fails before the write, and the
 * state is written only after it, so a failed merge leaves the space and its state as they were.
 */
public final class MergeService {
    public static final String NEW_PROPERTIES = "OverrideNewPropertiesWarning";
    public static final String DIFFERENT_SOURCE = "OverrideDifferentSourceWarning";
    public static final String OVERWRITE = "OverrideOverwriteWarning";

    private final SpaceModels spaces;
    private final ProfileStore profiles;
    private final MergeStateStore states;
    private final SafeFetcher fetcher;
    private final Settings settings;
    private final Clock clock;
    /** How long reading one fetched source may take (docs/reliability.md). */
    private final ParseDeadline parseDeadline;

    public MergeService(SpaceModels spaces, ProfileStore profiles, MergeStateStore states, SafeFetcher fetcher,
            Settings settings, Clock clock, ParseDeadline parseDeadline) {
        this.parseDeadline = parseDeadline;
        this.spaces = spaces;
        this.profiles = profiles;
        this.states = states;
        this.fetcher = fetcher;
        this.settings = settings;
        this.clock = clock;
    }

    /** A merge without a deadline of its own (direct calls); the routes pass the request's budget. */
    public Map<String, Object> merge(String projectId, MergeOptions options, FileFormat format, String subject) {
        return merge(projectId, options, format, subject, WriteBudget.unbounded());
    }

    /**
     * A merge inside {@code budget}: the fetches share one deadline, the configured fetch time capped by what
     * the budget has left, and a diff that does not fit what is left then is not applied but deferred
     * ({@link WriteBudget#admit}: the request becomes a job, which fetches again with the job's time).
     */
    public Map<String, Object> merge(String projectId, MergeOptions options, FileFormat format, String subject,
            WriteBudget budget) {
        ImportProfile profile = profiles.require(projectId, format.profileFormat(), options.configTypeId(),
                "query.ConfigTypeId");
        JsonLdExportOptions.SpaceInfo space = spaces.requireSpace(projectId, options.spaceId(), "query.SpaceId");

        // 1. read every source before looking at the space: a bad source fails the whole merge
        // the sources share one deadline: 20 sources must not take 20 times the time of one
        List<DecodedFile> files = new ArrayList<>();
        FetchDeadline deadline = fetcher.deadline(budget.usableMillis());
        for (SourceRef source : options.sources()) {
            Optional<String> token = source.repository()
                    ? settings.repoTokenFor(source.owner(), source.repositoryName()) : Optional.empty();
            FetchedFile fetched = fetcher.fetch(source.url(), token, source.path(), deadline);
            files.add(read(format, fetched.text(), source, profile));
        }
        LossinessLedger ledger = new LossinessLedger();
        SchemaModel model = combine(files, ledger);
        Set<String> unmapped = new LinkedHashSet<>();
        files.forEach(f -> unmapped.addAll(f.unmapped()));
        files.forEach(f -> ledger.addAll(f.losses()));

        // 2.-4. read, diff and write as the project's only large writer (GraphAccess.exclusive): the same merge
        // sent twice at once diffs the second against the first's result instead of applying both diffs
        return spaces.graph().exclusive(projectId, held -> applyDiff(held, projectId, options, format, subject,
                budget, profile, space, model, ledger, unmapped));
    }

    /** One source read through the profile within the parse deadline; nothing is written before all are read. */
    private DecodedFile read(FileFormat format, String text, SourceRef source, ImportProfile profile) {
        try {
            return parseDeadline.run(() -> format.read(text, source.url().toString(), fileName(source), source.path(),
                    profile));
        } catch (ParseDeadline.Exceeded e) {
            throw ApiProblem.tooLarge(source.path(), "The file '" + source.url() + "' could not be read within the "
                    + "decode time limit of " + e.millis() + " ms; nothing was merged. Split it into smaller files.");
        }
    }

    private Map<String, Object> applyDiff(GraphAccess held, String projectId, MergeOptions options,
            FileFormat format, String subject, WriteBudget budget, ImportProfile profile,
            JsonLdExportOptions.SpaceInfo space, SchemaModel model, LossinessLedger decoded, Set<String> unmapped) {
        LossinessLedger ledger = new LossinessLedger().addAll(decoded.entries()); // per attempt (re-planned once)
        // 2. the diff
        GraphSnapshot before = held.load(projectId, List.of(space.id()));
        GeneratedIds ids = new GeneratedIds(); // per attempt, like the ledger
        GraphChanges changes = spaces.mapping().toChanges(model, before, space.id(), ledger, ids);
        int skippedRemovals = 0;
        if (options.onlyAddAndUpdate()) {
            skippedRemovals = changes.removedNodeIds().size();
            changes = withoutRemovals(changes, before);
        }
        DiffCount diff = DiffCount.of(before, changes);

        // 3. the three warnings: each an error unless its override flag is set
        Optional<MergeState> state = spaces.state(projectId, space.id());
        String fingerprint = SpaceFingerprint.of(before);
        List<ApiProblem> warnings = new ArrayList<>();
        List<String> overridden = new ArrayList<>();
        if (!unmapped.isEmpty()) {
            warn(options.overrideNewProperties(), NEW_PROPERTIES, warnings, overridden, "The file has properties "
                    + "that profile '" + profile.id() + "' does not map: " + String.join(", ", unmapped)
                    + ". Set " + NEW_PROPERTIES + "=true to merge without them (they are listed in the status).");
        }
        if (state.isPresent() && !state.get().sourceKey().equals(options.sourceKey())) {
            warn(options.overrideDifferentSource(), DIFFERENT_SOURCE, warnings, overridden, "Space '" + space.id()
                    + "' is linked to a different source (" + state.get().sourceKey().replace("\n", ", ")
                    + "). Set " + DIFFERENT_SOURCE + "=true to merge from " + options.sourceKey().replace("\n", ", ")
                    + " and link the space to it.");
        }
        // content made by hand is a local change whether or not the space was merged before
        if ((state.isEmpty() || !state.get().fingerprint().equals(fingerprint)) && diff.touchesExisting()) {
            warn(options.overrideOverwrite(), OVERWRITE, warnings, overridden, "Space '" + space.id() + "' "
                    + (state.isPresent() ? "was changed since its last merge (" + state.get().mergedAt() + ")"
                            : "holds content that was not merged (it was never merged)")
                    + "; this merge would update " + diff.updated() + " and remove " + diff.removed() + " node(s)"
                    + (diff.updatedNodes().isEmpty() ? "" : ". Updated: " + DiffCount.names(diff.updatedNodes()))
                    + (diff.removedNodes().isEmpty() ? "" : ". Removed: " + DiffCount.names(diff.removedNodes()))
                    + ". Set " + OVERWRITE + "=true to overwrite the local changes.");
        }
        if (warnings.size() == 1) {
            throw warnings.get(0);
        }
        if (!warnings.isEmpty()) {
            // all of them at once, so the caller decides on every override in one go
            StringBuilder text = new StringBuilder("The merge was refused with " + warnings.size() + " warnings: ");
            for (int i = 0; i < warnings.size(); i++) {
                text.append(i == 0 ? "" : " ").append(i + 1).append(". ").append(warnings.get(i).getMessage());
            }
            throw new ApiProblem(409, "", text.toString());
        }

        // 4. apply all-or-nothing, then remember the source and the resulting state
        if (!changes.isEmpty()) {
            budget.admit(changes); // nothing written yet: a diff too large for the time left becomes a job
            try {
                held.apply(projectId, changes, subject, ids.all());
            } catch (StoreConflictException e) {
                throw ApiProblem.conflict("query.SpaceId", "The space changed while the merge was applied; nothing "
                        + "was merged. Run the merge again.");
            }
        }
        GraphSnapshot after = held.load(projectId, List.of(space.id()));
        String mergedAt = clock.instant().toString();
        states.put(projectId, space.id(), new MergeState(options.sourceKey(), SpaceFingerprint.of(after),
                format.profileFormat().key(), profile.id(), mergedAt, model.name(), model.description(),
                model.annotations()));
        return status(space, profile, options, diff, skippedRemovals, overridden, unmapped, ledger.entries(), mergedAt);
    }

    private static void warn(boolean override, String flag, List<ApiProblem> warnings, List<String> overridden,
            String message) {
        if (override) {
            overridden.add(flag);
        } else {
            warnings.add(new ApiProblem(409, "query." + flag, message));
        }
    }

    /**
     * OnlyAddAndUpdate: no node leaves the space; relations to or from a kept node stay too; and a mixin column
     * the file does not carry keeps its stored value (a value replaces the stored one, so the stored columns are
     * carried over under it).
     */
    static GraphChanges withoutRemovals(GraphChanges changes, GraphSnapshot before) {
        Set<String> kept = Set.copyOf(changes.removedNodeIds());
        List<Relation> removedRelations = changes.removedRelations().stream()
                .filter(r -> !kept.contains(r.fromNodeId()) && !kept.contains(r.toNodeId())).toList();
        Map<String, Map<String, JsonNode>> stored = new HashMap<>();
        before.mixinValues().forEach(v -> stored.put(v.nodeId() + "#" + v.mixinId(), v.columns()));
        List<MixinValue> values = new ArrayList<>();
        for (MixinValue v : changes.mixinValues()) {
            Map<String, JsonNode> columns = new LinkedHashMap<>(stored.getOrDefault(v.nodeId() + "#" + v.mixinId(),
                    Map.of()));
            columns.putAll(v.columns());
            values.add(new MixinValue(v.nodeId(), v.mixinId(), columns));
        }
        return new GraphChanges(changes.nodes(), changes.relations(), values, List.of(), removedRelations);
    }

    /** Several files merge into one model; a later definition of the same name replaces an earlier one. */
    private static SchemaModel combine(List<DecodedFile> files, LossinessLedger ledger) {
        SchemaModel first = files.get(0).model();
        if (files.size() == 1) {
            return first;
        }
        Map<String, TypeDef> types = new LinkedHashMap<>();
        Map<String, TaxonomyDef> taxonomies = new LinkedHashMap<>();
        for (DecodedFile f : files) {
            for (TypeDef t : f.model().types()) {
                if (types.put(t.name(), t) != null) {
                    ledger.narrow(t.name(), "type '" + t.name() + "' is defined by more than one source; the last wins");
                }
            }
            for (TaxonomyDef x : f.model().taxonomies()) {
                if (taxonomies.put(x.name(), x) != null) {
                    ledger.narrow(x.name(), "taxonomy '" + x.name() + "' is defined by more than one source; the last "
                            + "wins");
                }
            }
        }
        return first.toBuilder().types(List.copyOf(types.values())).taxonomies(List.copyOf(taxonomies.values()))
                .build();
    }

    private static String fileName(SourceRef source) {
        String path = source.url().getPath() == null ? "" : source.url().getPath();
        String last = path.substring(path.lastIndexOf('/') + 1);
        int dot = last.indexOf('.');
        String name = dot > 0 ? last.substring(0, dot) : last;
        return name.isBlank() ? "schema" : name;
    }

    private static Map<String, Object> status(JsonLdExportOptions.SpaceInfo space, ImportProfile profile,
            MergeOptions options, DiffCount diff, int skippedRemovals, List<String> overridden, Set<String> unmapped,
            List<LossEntry> losses, String mergedAt) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("spaceId", space.id());
        out.put("configTypeId", profile.id());
        out.put("sources", options.sources().stream().map(s -> s.url().toString()).toList());
        out.put("added", diff.added());
        out.put("updated", diff.updated());
        out.put("removed", diff.removed());
        out.put("updatedNodes", diff.updatedNodes());
        out.put("removedNodes", diff.removedNodes());
        out.put("unchanged", diff.unchanged());
        out.put("relationsAdded", diff.relationsAdded());
        out.put("relationsRemoved", diff.relationsRemoved());
        out.put("onlyAddAndUpdate", options.onlyAddAndUpdate());
        out.put("removalsSkipped", skippedRemovals);
        out.put("warningsOverridden", overridden);
        out.put("unmappedProperties", List.copyOf(unmapped));
        List<Map<String, String>> lost = new ArrayList<>();
        for (LossEntry e : losses) {
            Map<String, String> entry = new LinkedHashMap<>();
            entry.put("kind", e.kind().name());
            entry.put("path", e.path());
            entry.put("explanation", e.explanation());
            lost.add(entry);
        }
        out.put("notRepresented", lost);
        out.put("mergedAt", mergedAt);
        return out;
    }
}
