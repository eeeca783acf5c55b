package io.modelgraph.transform;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.CorpusVerdicts;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.avro.AvroCorpus;
import io.modelgraph.codec.protobuf.ProtoCorpus;
import io.modelgraph.codec.protobuf.ProtobufCodec;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Every model decoded from the avro and protobuf corpora ({@code corpus.dir}) encodes to every encode format
 * this build's registry carries, without an exception; every avro output is accepted by Avro's parser and
 * every protobuf output by the protobuf decoder.
 */
@Tag("conformance")
class EveryEncoderConformanceTest {
    private final CodecRegistry registry = TransformHandler.codecs();

    /**
     * One named test per corpus file ({@code avro/<file>}, {@code protobuf/<file>}): it decodes, and its model
     * encodes to every format with the avro and protobuf outputs parsing back. The encodes run when the factory
     * runs, which prints the totals.
     */
    @TestFactory
    Stream<DynamicTest> everyAvroAndProtobufCorpusModelEncodesToEveryFormat() throws IOException {
        String dir = System.getProperty("corpus.dir", "");
        Assumptions.assumeTrue(!dir.isEmpty() && Files.isDirectory(Paths.get(dir, "avro")),
                "corpus not found (set -Dcorpus.dir); conformance tests skipped");
        Map<String, SchemaModel> models = new LinkedHashMap<>();
        AvroCorpus avro = new AvroCorpus(Paths.get(dir, "avro"));
        for (Path f : avro.files()) {
            if (!avro.expectInvalid(f)) {
                try {
                    models.put("avro/" + avro.relative(f), avro.decode(f, new LossinessLedger()));
                } catch (SchemaSyntaxException e) {
                    models.put("avro/" + avro.relative(f) + " (refused: " + e.getMessage() + ")", null);
                }
            }
        }
        ProtoCorpus protos = new ProtoCorpus(Paths.get(dir, "protobuf"));
        for (Path f : protos.files()) {
            if (!ProtoCorpus.MISMATCHED_VERSIONS.contains(protos.relative(f))) {
                try {
                    models.put("protobuf/" + protos.relative(f), new ProtobufCodec().decode(protos.bundle(f),
                            CodecOptions.NONE, new LossinessLedger()));
                } catch (SchemaSyntaxException e) {
                    models.put("protobuf/" + protos.relative(f) + " (refused: " + e.getMessage() + ")", null);
                }
            }
        }
        List<String> formats = registry.encodeFormats();
        List<String> failures = new ArrayList<>();
        CorpusVerdicts perFile = new CorpusVerdicts();
        int encodings = 0;
        int valid = 0;
        for (Map.Entry<String, SchemaModel> m : models.entrySet()) {
            int refusal = m.getKey().indexOf(" (refused: ");
            String file = refusal < 0 ? m.getKey() : m.getKey().substring(0, refusal);
            perFile.pass(file);
            if (m.getValue() == null) {
                failures.add(m.getKey());
                perFile.fail(file, m.getKey().substring(refusal + 2, m.getKey().length() - 1));
                continue;
            }
            for (String format : formats) {
                try {
                    String out = registry.encoder(format, "format").encode(m.getValue(), CodecOptions.NONE,
                            new LossinessLedger());
                    encodings++;
                    // the text of a format this change added must also be valid: Avro's parser, our proto decoder
                    if (format.equals("avro")) {
                        new org.apache.avro.Schema.Parser().parse(out);
                        valid++;
                    } else if (format.equals("protobuf")) {
                        new ProtobufCodec().decode(out, CodecOptions.NONE, new LossinessLedger());
                        valid++;
                    }
                } catch (SchemaSyntaxException e) {
                    failures.add(m.getKey() + " -> " + format + " does not parse back: " + e.getMessage());
                    perFile.fail(file, "-> " + format + " does not parse back: " + e.getMessage());
                } catch (io.modelgraph.codec.UnrepresentableModelException e) {
                    if (!CorpusInputs.mayBeRefused(m.getValue())) {
                        failures.add(m.getKey() + " -> " + format + ": " + e.getMessage());
                        perFile.fail(file, "-> " + format + ": " + e.getMessage());
                    }
                } catch (RuntimeException e) {
                    failures.add(m.getKey() + " -> " + format + ": " + e);
                    perFile.fail(file, "-> " + format + ": " + e);
                }
            }
        }
        System.out.printf("[conformance] every encoder: %d avro and protobuf corpus models x %d formats %s = %d"
                + " encodings without an exception; %d avro and protobuf outputs parse back%n", models.size(),
                formats.size(), formats, encodings, valid);
        failures.forEach(x -> System.out.println("[conformance] every encoder FAIL " + x));
        return perFile.tests("a corpus model that does not encode to every format");
    }
}
