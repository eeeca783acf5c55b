package io.modelgraph.local.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.Format;
import io.modelgraph.compat.Change;
import io.modelgraph.compat.CompareOptions;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.ConsumerVerdict;
import io.modelgraph.compat.Mode;
import io.modelgraph.compat.UndeclaredProperties;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code compare}: will the change from BASE to CANDIDATE break the readers of each consumer format? Each file is
 * read in its own format (so an old {@code .avsc} against a new {@code .proto} works), then the compatibility
 * engine judges the two models per consumer (docs/compare.md); exit 1 when any consumer's verdict is incompatible.
 */
final class CompareCommand implements Command {
    static final String CHANGELOG = "changelog";
    static final String UNDECLARED = "undeclared-properties";
    private final Schemas schemas;

    CompareCommand(Schemas schemas) {
        this.schemas = schemas;
    }

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String usage() {
        return String.join("\n",
                "Usage: java -jar modelgraph-local.jar compare [--mode BACKWARD|FORWARD|FULL|NONE]",
                "           [--consumers FORMAT,...] [--from FORMAT | --base-format F --candidate-format F]",
                "           [--undeclared-properties any-value|absent]",
                "           [--format text|json|junit|sarif|github] BASE CANDIDATE",
                "  Says whether the change from BASE to CANDIDATE breaks the readers of each consumer format.",
                "  --mode        BACKWARD (default): readers of CANDIDATE read data written with BASE;",
                "                FORWARD: readers of BASE read data written with CANDIDATE; FULL: both;",
                "                NONE: the changelog only, no verdict",
                "  --consumers   the formats whose readers matter, comma-separated (default: CANDIDATE's format);",
                "                any of " + String.join(", ", consumerKeys()),
                "  --from        the format of both files (default: each from its name: " + FormatGuess.known() + ")",
                "  --base-format, --candidate-format   the format of one file",
                "  --undeclared-properties   what an open JSON Schema object may carry under names it does not",
                "                declare: any-value (default: any value, so declaring such a name with a",
                "                narrower schema breaks) or absent (producers never send undeclared",
                "                properties: a warning)",
                "  Exit codes: 0 compatible for every consumer, 1 incompatible for one or more, 2 usage or parse",
                "  error.",
                "");
    }

    private List<String> consumerKeys() {
        return schemas.registry().formats().stream().map(Format::key).toList();
    }

    @Override
    public Report run(List<String> raw, CliIo streams) throws UsageException {
        Args args = Args.parse(name(), raw, Set.of("mode", "consumers", "from", "base-format", "candidate-format",
                "format", UNDECLARED), Set.of());
        OutputFormat.parse(args.option("format").orElse("text"));
        String modeText = args.option("mode").orElse("BACKWARD");
        Mode mode = Mode.parse(modeText).orElseThrow(() -> new UsageException("--mode must be one of "
                + String.join(", ", Arrays.stream(Mode.values()).map(Mode::name).toList()) + ", got '" + modeText
                + "'"));
        String undeclared = args.option(UNDECLARED).orElse(UndeclaredProperties.ANY_VALUE.key());
        CompareOptions options = CompareOptions.builder().undeclaredProperties(UndeclaredProperties.parse(undeclared)
                .orElseThrow(() -> new UsageException("--" + UNDECLARED + " must be one of " + String.join(", ",
                        UndeclaredProperties.keys()) + ", got '" + undeclared + "'"))).build();
        if (args.operands().size() != 2) {
            throw new UsageException("compare needs two files, BASE and CANDIDATE, got " + args.operands().size());
        }
        if (args.option("from").isPresent() && (args.option("base-format").isPresent()
                || args.option("candidate-format").isPresent())) {
            throw new UsageException("give either --from or --base-format/--candidate-format, not both");
        }
        InputFile baseFile = InputFile.read(args.operands().get(0), "base");
        InputFile candidateFile = InputFile.read(args.operands().get(1), "candidate");
        String baseFormat = schemas.decodeFormat(args.option("base-format").or(() -> args.option("from")),
                baseFile.name(), args.option("from").isPresent() ? "--from" : "--base-format");
        String candidateFormat = schemas.decodeFormat(args.option("candidate-format").or(() -> args.option("from")),
                candidateFile.name(), args.option("from").isPresent() ? "--from" : "--candidate-format");
        List<String> consumers = consumers(args.option("consumers").orElse(candidateFormat));

        LossinessLedger baseLedger = new LossinessLedger();
        LossinessLedger candidateLedger = new LossinessLedger();
        SchemaModel base = schemas.decode(baseFile, baseFormat, CodecOptions.NONE, baseLedger);
        SchemaModel candidate = schemas.decode(candidateFile, candidateFormat, CodecOptions.NONE, candidateLedger);
        CompareReport compared = Compatibility.compare(base, candidate, mode, consumers, options);

        LineLocator baseLines = new LineLocator(baseFile.text());
        LineLocator candidateLines = new LineLocator(candidateFile.text());
        List<Finding> findings = new ArrayList<>();
        for (ConsumerVerdict verdict : compared.verdicts()) {
            for (io.modelgraph.compat.Finding f : verdict.findings()) {
                boolean inCandidate = !f.candidatePath().isEmpty();
                String path = inCandidate ? f.candidatePath() : f.basePath();
                findings.add(new Finding(f.rule(), severity(f.severity()), verdict.consumer(), f.message(),
                        inCandidate ? candidateFile.name() : baseFile.name(),
                        (inCandidate ? candidateLines : baseLines).lineOf(path), path));
            }
        }
        List<String> groups = new ArrayList<>(compared.verdicts().stream().map(ConsumerVerdict::consumer).toList());
        List<String> details = new ArrayList<>();
        details.add("options: --" + UNDECLARED + " " + compared.options().undeclaredProperties().key());
        if (mode == Mode.NONE) {
            // no verdict to give: the changelog is what every output carries
            groups = new ArrayList<>(List.of(CHANGELOG));
            for (Change c : compared.changelog()) {
                boolean inCandidate = !c.candidatePath().isEmpty();
                String path = inCandidate ? c.candidatePath() : c.basePath();
                findings.add(new Finding("changelog." + c.kind().name().toLowerCase(Locale.ROOT), Finding.Severity.NOTE,
                        CHANGELOG, describe(c), inCandidate ? candidateFile.name() : baseFile.name(),
                        (inCandidate ? candidateLines : baseLines).lineOf(path), path));
            }
        } else {
            details.add(CHANGELOG + ": " + compared.changelog().size() + (compared.changelog().size() == 1
                    ? " change" : " changes"));
            compared.changelog().forEach(c -> details.add("  " + describe(c)));
        }
        long incompatible = compared.verdicts().stream().filter(v -> !v.compatible()).count();
        String summary = "compare " + baseFile.name() + " (" + baseFormat + ") -> " + candidateFile.name() + " ("
                + candidateFormat + "), " + mode + ": " + (mode == Mode.NONE ? compared.changelog().size()
                + " changes, no verdict asked" : incompatible == 0 ? "compatible for " + String.join(", ", consumers)
                : "incompatible for " + String.join(", ", compared.verdicts().stream().filter(v -> !v.compatible())
                        .map(ConsumerVerdict::consumer).toList())) + ".";
        return new Report(name(), groups, findings, !compared.compatible(), summary,
                payload(compared, baseFile, candidateFile, baseFormat, candidateFormat, baseLedger, candidateLedger),
                false, details);
    }

    /** The consumer keys, each a format of this build, in the order given, each once. */
    private List<String> consumers(String text) throws UsageException {
        Set<String> keys = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            String key = part.trim().toLowerCase(Locale.ROOT);
            if (key.isEmpty()) {
                throw new UsageException("--consumers has an empty entry: '" + text + "'");
            }
            if (schemas.registry().format(key).isEmpty()) {
                throw new UsageException("--consumers: '" + part.trim() + "' is not a format of this build. Use: "
                        + String.join(", ", consumerKeys()));
            }
            keys.add(key);
        }
        return List.copyOf(keys);
    }

    private static String describe(Change c) {
        String where = switch (c.kind()) {
            case ADDED -> c.candidatePath();
            case REMOVED -> c.basePath();
            case CHANGED, RENAMED -> c.basePath().equals(c.candidatePath()) ? c.basePath()
                    : c.basePath() + " -> " + c.candidatePath();
        };
        return c.kind().name().toLowerCase(Locale.ROOT) + " " + where + (c.detail().isEmpty() ? "" : ": "
                + c.detail());
    }

    private static Finding.Severity severity(io.modelgraph.compat.Severity s) {
        return switch (s) {
            case ERROR -> Finding.Severity.ERROR;
            case WARNING -> Finding.Severity.WARNING;
            case INFO -> Finding.Severity.NOTE;
        };
    }

    private static ObjectNode payload(CompareReport r, InputFile baseFile, InputFile candidateFile, String baseFormat,
            String candidateFormat, LossinessLedger baseLedger, LossinessLedger candidateLedger) {
        ObjectNode o = Json.object();
        o.put("mode", r.mode().name());
        o.putObject("options").put("undeclaredProperties", r.options().undeclaredProperties().key());
        o.putObject("base").put("file", baseFile.name()).put("format", baseFormat);
        o.putObject("candidate").put("file", candidateFile.name()).put("format", candidateFormat);
        o.put("compatible", r.compatible());
        ArrayNode verdicts = o.putArray("verdicts");
        for (ConsumerVerdict v : r.verdicts()) {
            ObjectNode vo = verdicts.addObject();
            vo.put("consumer", v.consumer());
            vo.put("compatible", v.compatible());
            ArrayNode fs = vo.putArray("findings");
            for (io.modelgraph.compat.Finding f : v.findings()) {
                fs.addObject().put("rule", f.rule()).put("severity", f.severity().name())
                        .put("basePath", f.basePath()).put("candidatePath", f.candidatePath())
                        .put("message", f.message());
            }
        }
        ArrayNode changelog = o.putArray("changelog");
        for (Change c : r.changelog()) {
            changelog.addObject().put("kind", c.kind().name()).put("basePath", c.basePath())
                    .put("candidatePath", c.candidatePath()).put("detail", c.detail());
        }
        ObjectNode lossiness = o.putObject("lossiness");
        lossiness.set("base", Json.valueToTree(baseLedger.entries()));
        lossiness.set("candidate", Json.valueToTree(candidateLedger.entries()));
        return o;
    }
}
