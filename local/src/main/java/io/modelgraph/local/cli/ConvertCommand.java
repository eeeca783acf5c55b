package io.modelgraph.local.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.Direction;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.StrictJson;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossEntry;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.transform.map.InferredPlanner;
import io.modelgraph.transform.map.MappingGuide;
import io.modelgraph.transform.plan.Plan;
import io.modelgraph.transform.plan.PlanEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code convert}: one schema file to another format, as the schema/map route does it (decode, the mapping plan,
 * encode with the target's options), with the lossiness ledger as findings. A plain conversion is the route's
 * empty explicit mapping; {@code --guide} gives an explicit one, {@code --hint} infers one toward a target schema.
 */
final class ConvertCommand implements Command {
    static final String LEDGER = "ledger";
    private final Schemas schemas;

    ConvertCommand(Schemas schemas) {
        this.schemas = schemas;
    }

    @Override
    public String name() {
        return "convert";
    }

    private List<String> formatOptions() {
        return schemas.registry().optionNames(Direction.ENCODE);
    }

    @Override
    public String usage() {
        return String.join("\n",
                "Usage: java -jar modelgraph-local.jar convert --to FORMAT [--from FORMAT] [--out FILE]",
                "           [--guide FILE | --hint FILE [--hint-format FORMAT] [--case-sensitive]]",
                "           [--fail-on-loss] [--format text|json|junit|sarif|github] [OPTIONS] INPUT",
                "  Converts INPUT to FORMAT offline and reports what the conversion lost (the lossiness ledger).",
                "  --from          the input's format (default: from its name: " + FormatGuess.known() + ")",
                "  --to            one of " + String.join(", ", schemas.registry().encodeFormats()),
                "  --out           write the converted schema here (default: stdout; required with junit, sarif",
                "                  and github output)",
                "  --guide         an explicit mapping guide (JSON: types, elements, dataTypes, mapsTo, drop)",
                "  --hint          infer a mapping toward this target schema (names and types to match)",
                "  --fail-on-loss  exit 1 when the ledger is not empty",
                "  OPTIONS         the target format's options: " + String.join(", ", formatOptions().stream()
                        .map(o -> "--" + o + " VALUE").toList()),
                "  Exit codes: 0 converted, 1 converted with loss under --fail-on-loss, 2 usage or parse error.",
                "");
    }

    @Override
    public Report run(List<String> raw, CliIo streams) throws UsageException {
        Set<String> valued = new LinkedHashSet<>(List.of("from", "to", "out", "format", "guide", "hint",
                "hint-format"));
        valued.addAll(formatOptions());
        Args args = Args.parse(name(), raw, valued, Set.of("fail-on-loss", "case-sensitive"));
        OutputFormat output = OutputFormat.parse(args.option("format").orElse("text"));
        if (args.operands().size() != 1) {
            throw new UsageException("convert needs exactly one input file, got " + args.operands().size());
        }
        String to = schemas.encodeFormat(args.option("to").orElseThrow(() -> new UsageException(
                "convert needs --to FORMAT (one of " + String.join(", ", schemas.registry().encodeFormats()) + ")")),
                "--to");
        if (args.option("guide").isPresent() && args.option("hint").isPresent()) {
            throw new UsageException("give either --guide or --hint, not both");
        }
        if (args.option("hint").isEmpty() && (args.option("hint-format").isPresent() || args.flag("case-sensitive"))) {
            throw new UsageException("--hint-format and --case-sensitive apply only with --hint");
        }
        Optional<String> out = args.option("out");
        if (out.isEmpty() && output != OutputFormat.TEXT && output != OutputFormat.JSON) {
            throw new UsageException("--format " + output.key() + " writes the report on stdout: give --out FILE "
                    + "for the converted schema");
        }
        InputFile input = InputFile.read(args.operands().get(0), "input");
        String from = schemas.decodeFormat(args.option("from"), input.name(), "--from");
        CodecOptions options = options(args);

        LossinessLedger ledger = new LossinessLedger();
        SchemaModel source = schemas.decode(input, from, CodecOptions.NONE, ledger);
        Plan plan = plan(args, source, ledger);
        SchemaModel mapped;
        try {
            PlanEngine.requirePasses(plan, source, "plan", ledger.entries());
            mapped = PlanEngine.execute(plan, source, ledger, "plan");
        } catch (TransformFailure e) {
            throw new UsageException(args.option("guide").orElse("mapping") + ": " + problems(e));
        }
        String text = schemas.encode(mapped, to, options, ledger);
        if (out.isPresent()) {
            write(out.get(), text);
        }

        LineLocator lines = new LineLocator(input.text());
        List<Finding> findings = new ArrayList<>();
        // under --fail-on-loss a loss is what fails the run: an error, so the failing run shows failing JUnit
        // cases, SARIF errors and ::error annotations rather than warnings beside exit code 1
        Finding.Severity severity = args.flag("fail-on-loss") ? Finding.Severity.ERROR : Finding.Severity.WARNING;
        for (LossEntry e : ledger.entries()) {
            findings.add(new Finding(e.kind().name(), severity, LEDGER, e.explanation(), input.name(),
                    lines.lineOf(e.path()), e.path()));
        }
        boolean failed = args.flag("fail-on-loss") && !findings.isEmpty();
        ObjectNode payload = Json.object();
        payload.put("from", from);
        payload.put("to", to);
        payload.put("input", input.name());
        out.ifPresent(o -> payload.put("out", o));
        if (out.isEmpty() && output == OutputFormat.JSON) {
            payload.put("schema", text);
        }
        payload.set("lossiness", Json.valueToTree(ledger.entries()));
        String summary = "convert " + input.name() + " (" + from + ") to " + to + ": " + findings.size()
                + (findings.size() == 1 ? " ledger entry" : " ledger entries")
                + (failed ? " (--fail-on-loss)" : "") + ".";
        boolean schemaOnStdout = out.isEmpty() && output == OutputFormat.TEXT;
        if (schemaOnStdout) {
            // the schema alone on stdout, so it can be piped; the text report (the ledger) goes to stderr
            streams.out().print(text.endsWith("\n") ? text : text + "\n");
        }
        return new Report(name(), List.of(LEDGER), findings, failed, summary, payload, schemaOnStdout,
                List.of());
    }

    /** The target format's options, by the names the route reads them. */
    private CodecOptions options(Args args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : formatOptions()) {
            args.option(name).ifPresent(v -> values.put(name, v));
        }
        return new CodecOptions(values);
    }

    private Plan plan(Args args, SchemaModel source, LossinessLedger ledger) throws UsageException {
        if (args.option("guide").isPresent()) {
            InputFile guideFile = InputFile.read(args.option("guide").get(), "--guide");
            JsonNode guide;
            try {
                guide = StrictJson.doubles().parse(guideFile.text(), "The mapping guide is empty.");
            } catch (SchemaSyntaxException e) {
                throw new UsageException(guideFile.name() + ": " + e.path() + ": " + e.getMessage(),
                        guideFile.name(), Schemas.line(e.path()));
            }
            try {
                return MappingGuide.plan(guide, "guide", source);
            } catch (TransformFailure e) {
                throw new UsageException(guideFile.name() + ": " + problems(e), guideFile.name(), 0);
            }
        }
        if (args.option("hint").isPresent()) {
            InputFile hintFile = InputFile.read(args.option("hint").get(), "--hint");
            String hintFormat = schemas.decodeFormat(args.option("hint-format"), hintFile.name(), "--hint-format");
            // the hint only lends names and types: what its own decoding loses is not this conversion's loss
            SchemaModel hint = schemas.decode(hintFile, hintFormat, CodecOptions.NONE, new LossinessLedger());
            return InferredPlanner.plan(source, hint, !args.flag("case-sensitive"), ledger);
        }
        return MappingGuide.plan(Json.object(), "guide", source);
    }

    private static String problems(TransformFailure e) {
        if (e.errors().isEmpty()) {
            return e.getMessage();
        }
        return String.join("; ", e.errors().stream().map(x -> (x.path().isEmpty() ? "" : x.path() + ": ")
                + x.message()).toList());
    }

    private static void write(String out, String text) throws UsageException {
        try {
            Path path = Path.of(out);
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(path, text, StandardCharsets.UTF_8);
        } catch (IOException | java.nio.file.InvalidPathException e) {
            throw new UsageException("--out: cannot write '" + out + "': " + e.getMessage());
        }
    }
}
