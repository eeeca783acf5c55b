package io.modelgraph.integrations.capture;

import io.modelgraph.integrations.Connector;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The REDCap connector: one artifact, the data-dictionary CSV. */
public final class CaptureConnector implements Connector<DataDictionary> {
    public static final String KEY = "capture";
    public static final String DATA_DICTIONARY = "data_dictionary";

    @Override
    public String key() {
        return KEY;
    }

    @Override
    public String displayName() {
        return "REDCap data dictionary";
    }

    @Override
    public String capabilities() {
        return "Import, Audit, Generate";
    }

    @Override
    public Map<String, String> artifacts() {
        return Map.of(DATA_DICTIONARY, "REDCap's 18-column data dictionary CSV (Project Setup > Data Dictionary >"
                + " Download), as text; required");
    }

    @Override
    public Estate<DataDictionary> read(Map<String, byte[]> artifacts) throws ArtifactException {
        byte[] csv = artifacts.get(DATA_DICTIONARY);
        try {
            DataDictionary d = DictionaryReader.read(csv);
            return new Estate<>(d, d.fingerprint(), csv);
        } catch (DictionaryException e) {
            throw new ArtifactException("artifacts." + DATA_DICTIONARY + " (" + e.where() + ")", e.getMessage());
        }
    }

    @Override
    public SchemaModel model(Estate<DataDictionary> estate, String projectName) {
        return DictionaryModel.toModel(estate.parsed(), projectName);
    }

    @Override
    public java.util.Set<String> governedAnnotations() {
        return java.util.Set.of(DictionaryModel.MIN, DictionaryModel.MAX, DictionaryModel.IDENTIFIER);
    }

    @Override
    public String defaultProjectName(Estate<DataDictionary> estate) {
        return "default";
    }

    @Override
    public Audit audit(Estate<DataDictionary> estate, SchemaModel governed, Optional<String> lastImport,
            String projectName, Optional<Estate<DataDictionary>> previous) {
        DictionaryAudit.Result r = DictionaryAudit.audit(estate.parsed(), governed, lastImport,
                previous.map(Estate::parsed));
        return new Audit(r.findings(), r.driftedObjects(), r.codes(), r.metrics(), r.errorCount(), r.warningCount(),
                r.infoCount(), AuditMarkdown.render(projectName, estate.fingerprint(), r));
    }

    @Override
    public Optional<List<GeneratedArtifact>> generate(SchemaModel governed, List<String> typeNames,
            LossinessLedger ledger) {
        return DictionaryGenerator.generate(governed, typeNames, ledger).map(csv -> List.of(new GeneratedArtifact(
                DictionaryGenerator.FILE_NAME, "csv", csv)));
    }

    @Override
    public String nothingToGenerate() {
        return "No eligible governed fields found to emit as a data dictionary.";
    }
}
