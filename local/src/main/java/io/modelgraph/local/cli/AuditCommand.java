package io.modelgraph.local.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.integrations.capture.DataDictionary;
import io.modelgraph.integrations.capture.DictionaryAudit;
import io.modelgraph.integrations.capture.DictionaryException;
import io.modelgraph.integrations.capture.DictionaryModel;
import io.modelgraph.integrations.capture.DictionaryReader;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code audit}: a REDCap data dictionary against a model file, with the capture connector's own audit (coverage,
 * drift, conformance, and the production-change review against {@code --previous}), offline: the audit is the
 * same class the route runs, given the model from the file instead of the project's graph (docs/integrations.md).
 */
final class AuditCommand implements Command {
    /** Findings about what the model governs and the dictionary no longer has are placed in the model file. */
    private static final Set<String> IN_MODEL = Set.of("dataset-removed", "field-removed");
    /** The model format name for a data dictionary given as the model ({@code .csv}). */
    static final String REDCAP = "redcap";
    private final Schemas schemas;

    AuditCommand(Schemas schemas) {
        this.schemas = schemas;
    }

    @Override
    public String name() {
        return "audit";
    }

    @Override
    public String usage() {
        return String.join("\n",
                "Usage: java -jar modelgraph-local.jar audit --dictionary FILE.csv [--model-format FORMAT]",
                "           [--previous FILE.csv] [--fail-on error|warning|never]",
                "           [--format text|json|junit|sarif|github] MODEL",
                "  Audits a REDCap data dictionary against the model in MODEL (any format this build reads, or",
                "  an earlier data dictionary):",
                "  coverage, drift and conformance findings, as the capture connector's audit reports them.",
                "  --dictionary    the data dictionary (REDCap's CSV download or the API's metadata CSV)",
                "  --model-format  MODEL's format (default: from its name); 'redcap' (or a .csv MODEL) reads a",
                "                  data dictionary as the model, as the connector's import makes it",
                "  --previous      the live project's dictionary: adds the production-change review",
                "  --fail-on       the least severity that fails the run (default: error)",
                "  Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage or parse error.",
                "");
    }

    @Override
    public Report run(List<String> raw, CliIo streams) throws UsageException {
        Args args = Args.parse(name(), raw, Set.of("dictionary", "model-format", "previous", "fail-on", "format"),
                Set.of());
        OutputFormat.parse(args.option("format").orElse("text"));
        String failOn = args.option("fail-on").orElse("error").toLowerCase(Locale.ROOT);
        if (!List.of("error", "warning", "never").contains(failOn)) {
            throw new UsageException("--fail-on must be error, warning or never, got '" + args.option("fail-on")
                    .orElse("") + "'");
        }
        if (args.operands().size() != 1) {
            throw new UsageException("audit needs exactly one model file, got " + args.operands().size());
        }
        InputFile dictionaryFile = InputFile.read(args.option("dictionary").orElseThrow(() -> new UsageException(
                "audit needs --dictionary FILE.csv")), "--dictionary");
        DataDictionary dictionary = dictionary(dictionaryFile);
        Optional<DataDictionary> previous = Optional.empty();
        if (args.option("previous").isPresent()) {
            previous = Optional.of(dictionary(InputFile.read(args.option("previous").get(), "--previous")));
        }
        InputFile modelFile = InputFile.read(args.operands().get(0), "model");
        LossinessLedger ledger = new LossinessLedger();
        String format;
        SchemaModel model;
        if (isDictionary(args.option("model-format"), modelFile.name())) {
            // a dictionary as the governed model: what the connector's import would have made of it
            format = REDCAP;
            model = DictionaryModel.toModel(dictionary(modelFile), baseName(modelFile.name()));
        } else {
            format = schemas.decodeFormat(args.option("model-format"), modelFile.name(), "--model-format");
            model = schemas.decode(modelFile, format, CodecOptions.NONE, ledger);
        }

        DictionaryAudit.Result result = DictionaryAudit.audit(dictionary, model, Optional.empty(), previous);
        DictionaryLines dictionaryLines = new DictionaryLines(new String(dictionaryFile.bytes(),
                java.nio.charset.StandardCharsets.UTF_8), dictionary);
        LineLocator modelLines = new LineLocator(modelFile.text());
        List<Finding> findings = new ArrayList<>();
        Set<String> groups = new LinkedHashSet<>(List.of(io.modelgraph.integrations.Finding.COVERAGE,
                io.modelgraph.integrations.Finding.DRIFT, io.modelgraph.integrations.Finding.CONFORMANCE));
        if (previous.isPresent()) {
            groups.add(io.modelgraph.integrations.Finding.PRODUCTION);
        }
        for (io.modelgraph.integrations.Finding f : result.findings()) {
            groups.add(f.section());
            boolean inModel = IN_MODEL.contains(f.code());
            String file = inModel ? modelFile.name() : dictionaryFile.name();
            int line = inModel ? modelLines.lineOf(f.subject()) : dictionaryLines.lineOf(f.subject());
            String message = f.message() + f.detail().map(d -> " (" + d + ")").orElse("");
            findings.add(new Finding(f.code(), severity(f.severity()), f.section(), message, file, line,
                    f.subject()));
        }
        boolean failed = switch (failOn) {
            case "error" -> result.errorCount() > 0;
            case "warning" -> result.errorCount() + result.warningCount() > 0;
            default -> false;
        };
        ObjectNode payload = Json.object();
        payload.put("dictionary", dictionaryFile.name());
        payload.put("model", modelFile.name());
        payload.put("modelFormat", format);
        payload.put("errorCount", result.errorCount());
        payload.put("warningCount", result.warningCount());
        payload.put("infoCount", result.infoCount());
        payload.set("codes", Json.valueToTree(result.codes()));
        payload.set("metrics", Json.valueToTree(result.metrics()));
        payload.set("driftedObjects", Json.valueToTree(result.driftedObjects()));
        payload.set("readerNotes", Json.valueToTree(dictionary.readerNotes()));
        payload.set("lossiness", Json.valueToTree(ledger.entries()));
        String summary = "audit " + dictionaryFile.name() + " against " + modelFile.name() + ": "
                + result.errorCount() + " errors, " + result.warningCount() + " warnings, " + result.infoCount()
                + " info" + (failed ? " (fails at --fail-on " + failOn + ")." : ".");
        return new Report(name(), List.copyOf(groups), findings, failed, summary, payload);
    }

    private static boolean isDictionary(Optional<String> format, String file) {
        return format.map(f -> f.trim().equalsIgnoreCase(REDCAP))
                .orElse(file.toLowerCase(Locale.ROOT).endsWith(".csv"));
    }

    private static String baseName(String file) {
        String name = java.nio.file.Path.of(file).getFileName().toString();
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    private static DataDictionary dictionary(InputFile file) throws UsageException {
        try {
            return DictionaryReader.read(file.bytes());
        } catch (DictionaryException e) {
            throw new UsageException(file.name() + ": " + e.where() + ": " + e.getMessage(), file.name(),
                    DictionaryLines.rowOf(e.where()));
        }
    }

    private static Finding.Severity severity(String auditSeverity) {
        return switch (auditSeverity) {
            case io.modelgraph.integrations.Finding.ERROR -> Finding.Severity.ERROR;
            case io.modelgraph.integrations.Finding.WARNING -> Finding.Severity.WARNING;
            default -> Finding.Severity.NOTE;
        };
    }
}
