package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.CorpusVerdicts;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.UnrepresentableModelException;
import io.modelgraph.codec.synapse.SynapseShape;
import io.modelgraph.codec.yaml.SafeYaml;
import io.modelgraph.json.Json;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract formats must be valid for any model, not only for models that came from them. Every
 * corpus input of every decode format this build carries is decoded, then encoded to ODCS (validated against
 * ODCS 3.1.0's JSON Schema), OSI and OSI JSON (validated against the {@code osi-schema.json} of the version
 * written) and Synapse (each registered schema held to {@link SynapseShape}). Inputs a decoder refuses are
 * counted, not failed: refusing them is the decoder's own conformance test's business. Every failure is a
 * real defect the contract encoders had (logicalTypeOptions a logical type does not take, lists of non-scalars
 * in Synapse) until this test existed.
 */
@Tag("conformance")
class ContractEncodingsConformanceTest {
    private static final List<String> CONTRACTS = List.of("odcs", "osi", "osi-json", "synapse");
    private final CodecRegistry registry = TransformHandler.codecs();

    /**
     * One named test per decoded corpus input ({@code <format>/<input>}): each of its contracts is valid. The
     * encodes run when the factory runs, which prints the figures per format.
     */
    @TestFactory
    Stream<DynamicTest> everyCorpusModelOfEveryFormatEncodesToValidContracts() throws IOException {
        String dir = System.getProperty("corpus.dir", "");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(Paths.get(dir, "odcs"))
                && Files.isDirectory(Paths.get(dir, "osi")), "corpus.dir not set or missing; conformance test skipped");
        Path corpus = Paths.get(dir);
        ObjectMapper json = new ObjectMapper();
        JsonSchemaFactory v2019 = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V201909);
        JsonSchema odcs = v2019.getSchema(json.readTree(corpus.resolve("odcs/schema/odcs-json-schema-v3.1.0.json")
                .toFile()));
        JsonSchemaFactory v2020 = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        JsonSchema osi011 = v2020.getSchema(json.readTree(corpus.resolve("osi/osi-0.1.1/core-spec/osi-schema.json")
                .toFile()));
        JsonSchema osi02 = v2020.getSchema(json.readTree(corpus.resolve(
                "osi/ossie-0.2.0.dev0/core-spec/osi-schema.json").toFile()));

        List<String> failures = new ArrayList<>();
        CorpusVerdicts perInput = new CorpusVerdicts();
        int models = 0;
        int checked = 0;
        int unrepresentable = 0;
        for (String format : registry.decodeFormats()) {
            int decoded = 0;
            int refused = 0;
            int valid = 0;
            for (CorpusInputs.Input in : inputs(corpus, format)) {
                SchemaModel model;
                try {
                    model = registry.decoder(format, "format").decode(in.text(), CodecOptions.NONE,
                            new LossinessLedger());
                } catch (SchemaSyntaxException e) {
                    refused++;
                    continue;
                }
                decoded++;
                String input = format + "/" + in.name();
                perInput.pass(input);
                boolean allValid = true;
                for (String contract : CONTRACTS) {
                    String where = format + "/" + in.name() + " -> " + contract;
                    try {
                        String out = registry.encoder(contract, "format").encode(model, CodecOptions.NONE,
                                new LossinessLedger());
                        List<String> problems = switch (contract) {
                            case "odcs" -> messages(odcs.validate(SafeYaml.read(out, "encoded contract")));
                            case "osi", "osi-json" -> {
                                JsonNode doc = contract.equals("osi") ? SafeYaml.read(out, "encoded model")
                                        : Json.parse(out);
                                yield messages((doc.path("version").asText().equals("0.1.1") ? osi011 : osi02)
                                        .validate(doc));
                            }
                            default -> synapseViolations(Json.parse(out));
                        };
                        checked++;
                        if (!problems.isEmpty()) {
                            allValid = false;
                            failures.add(where + ": " + problems.subList(0, Math.min(3, problems.size())));
                            perInput.fail(input, "-> " + contract + ": " + problems.subList(0, Math.min(3,
                                    problems.size())));
                        }
                    } catch (UnrepresentableModelException e) {
                        if (CorpusInputs.mayBeRefused(model)) {
                            unrepresentable++;
                        } else {
                            allValid = false;
                            failures.add(where + ": refused a model with types: " + e.getMessage());
                            perInput.fail(input, "-> " + contract + ": refused a model with types: "
                                    + e.getMessage());
                        }
                    } catch (SchemaSyntaxException | RuntimeException e) {
                        allValid = false;
                        failures.add(where + ": " + e);
                        perInput.fail(input, "-> " + contract + ": " + e);
                    }
                }
                valid += allValid ? 1 : 0;
            }
            models += decoded;
            System.out.printf("[conformance] contracts from %s: %d decoded (%d refused by the decoder: fragments, inputs needing other files, non-schema documents), %d valid as"
                    + " odcs, osi, osi-json and synapse%n", format, decoded, refused, valid);
        }
        failures.forEach(f -> System.out.println("[conformance] contracts FAIL " + f));
        System.out.printf("[conformance] contracts: %d models x %d contract formats = %d encodings checked, %d"
                + " invalid; %d refused as unrepresentable (models without types to OSI)%n", models, CONTRACTS.size(),
                checked, failures.size(), unrepresentable);
        int decodedModels = models;
        return Stream.concat(Stream.of(DynamicTest.dynamicTest("corpus models decoded", CorpusVerdicts.source("corpus models decoded"), () -> assertTrue(
                decodedModels > 0, "no corpus model decoded"))), perInput.tests("contracts that are not valid"));
    }

    /** The round-trip formats' corpus inputs; ODM's are its Markdown entity documents (READMEs are refused). */
    private static List<CorpusInputs.Input> inputs(Path corpus, String format) throws IOException {
        if (!format.equals("odm")) {
            return CorpusInputs.inputs(corpus, format);
        }
        List<CorpusInputs.Input> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(corpus.resolve("odm"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                out.add(new CorpusInputs.Input(corpus.relativize(f).toString(), Files.readString(f)));
            }
        }
        return out;
    }

    private static List<String> messages(Set<ValidationMessage> errors) {
        return errors.stream().map(ValidationMessage::getMessage).sorted().toList();
    }

    private static List<String> synapseViolations(JsonNode bundle) {
        List<String> out = new ArrayList<>();
        for (JsonNode s : bundle.path("schemas")) {
            SynapseShape.violations(s, true).forEach(v -> out.add(s.path("$id").asText() + ": " + v));
        }
        return out;
    }
}
