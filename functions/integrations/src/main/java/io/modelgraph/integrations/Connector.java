package io.modelgraph.integrations;

import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A vendor connector: how one vendor's artifacts are read, turned into the canonical model, audited against the
 * governed model and generated from it. {@link IntegrationService} does everything vendor-neutral (stores,
 * history, badge, snapshots, additive writes), so a second vendor adds a class, not a branch.
 *
 * @param <E> the connector's parsed estate (for REDCap, a data dictionary)
 */
public interface Connector<E> {
    String key();

    String displayName();

    /** For the registry: such as {@code Import, Audit, Generate}. */
    String capabilities();

    /** Artifact name to what it is; every one is required. */
    Map<String, String> artifacts();

    /** Reads the uploaded artifacts (name to raw bytes); a malformed one is refused naming where. */
    Estate<E> read(Map<String, byte[]> artifacts) throws ArtifactException;

    /** The estate as the canonical model, vendor metadata in annotations. */
    SchemaModel model(Estate<E> estate, String projectName);

    /**
     * Vendor annotations that state the governed contract (such as a field's min and max): an import sets them on
     * what it adds but never refreshes them on governed nodes, so the audit keeps reporting a live project that
     * departs from them.
     */
    default java.util.Set<String> governedAnnotations() {
        return java.util.Set.of();
    }

    /** The vendor-side project's name when the caller gives none. */
    String defaultProjectName(Estate<E> estate);

    /**
     * {@code previous}: the vendor-side project's estate as last imported, when the caller asked for the
     * production-change review.
     */
    Audit audit(Estate<E> estate, SchemaModel governed, Optional<String> lastImport, String projectName,
            Optional<Estate<E>> previous);

    /** Artifacts generated from the governed model, or empty when nothing is eligible. */
    Optional<List<GeneratedArtifact>> generate(SchemaModel governed, List<String> typeNames, LossinessLedger ledger);

    /** The message when nothing is eligible for generation. */
    String nothingToGenerate();

    /** A parsed estate: what the connector read, the fingerprint of the artifact bytes, the bytes to snapshot. */
    record Estate<E>(E parsed, String fingerprint, byte[] snapshot) {
    }

    /** A dataset ({@code kind} dataset) or field ({@code kind} field, subject {@code form.variable}) that drifted. */
    record DriftedObject(String kind, String subject, List<String> codes) {
    }

    record GeneratedArtifact(String name, String kind, String content) {
    }

    /** What an audit found, vendor-neutral: the report's findings, tallies, metrics and Markdown. */
    record Audit(List<Finding> findings, List<DriftedObject> driftedObjects,
            Map<String, Integer> codes, Map<String, String> metrics, int errorCount, int warningCount, int infoCount,
            String markdown) {
    }

    /** An artifact cannot be read: {@code where} names the artifact and position. */
    final class ArtifactException extends Exception {
        private final String where;

        public ArtifactException(String where, String message) {
            super(message, null, false, false);
            this.where = where;
        }

        public String where() {
            return where;
        }
    }
}
