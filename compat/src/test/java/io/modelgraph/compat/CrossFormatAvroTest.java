package io.modelgraph.compat;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.codec.avro.AvroCodec;
import io.modelgraph.codec.protobuf.ProtobufCodec;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Cross-format consistency: for version pairs of the protobuf corpus (a field removed, added, retyped, renamed),
 * the avro consumer's verdict on the decoded models equals Avro's {@code SchemaCompatibility} on the pair converted
 * to Avro by the Avro codec. Prints the agreement per kind and every disagreement; each corpus file is a test of
 * its own that fails on a disagreement of its pairs, and the totals assert at least 99%.
 */
@Tag("conformance")
class CrossFormatAvroTest {
    private static final Pattern FIELD = Pattern.compile("(?m)^(\\s*)(?:optional |repeated )?(int32|int64|string|bool"
            + "|double|float|bytes|uint32|uint64) ([a-z_][A-Za-z0-9_]*) = (\\d+);");

    /**
     * One named test per corpus file whose pairs were judged: they agree with Avro's checker in both directions.
     * Then the totals: enough pairs, and at least 99% agreement overall and per kind. The pairs are judged once,
     * when the factory runs, which prints the agreement per kind and the disagreements.
     */
    @TestFactory
    Stream<DynamicTest> avroVerdictsOnProtobufPairsMatchAvrosCheckerOnTheConvertedPair() throws Exception {
        Path corpus = CorpusCheck.folder("protobuf");
        List<Path> files = new ArrayList<>(CorpusCheck.files(corpus, ".*\\.proto$"));
        Path realworld = corpus.getParent().resolve("realworld-train/protobuf");
        if (Files.isDirectory(realworld)) {
            files.addAll(CorpusCheck.files(realworld, ".*\\.proto$"));
        }
        ProtobufCodec proto = new ProtobufCodec();
        AvroCodec avro = new AvroCodec();
        AgreementTally tally = new AgreementTally("incompatible for Avro");
        int used = 0;
        for (Path file : files) {
            String text = Files.readString(file);
            Matcher m = FIELD.matcher(text);
            if (!m.find()) {
                continue;
            }
            SchemaModel base;
            Schema baseAvro;
            try {
                base = proto.decode(text, CodecOptions.NONE, new LossinessLedger());
                baseAvro = new Schema.Parser().parse(avro.encode(base, CodecOptions.NONE, new LossinessLedger()));
            } catch (Exception e) {
                continue; // needs imports from another file, or its Avro form is refused
            }
            used++;
            String name = corpus.getParent().relativize(file).toString();
            tally.file(name);
            String line = m.group();
            String type = m.group(2);
            Map<String, String> mutations = new TreeMap<>();
            mutations.put("remove-field", text.replace(line, ""));
            mutations.put("add-field", text.replace(line, line + "\n" + m.group(1) + "int32 mg_added = 9999;"));
            mutations.put("retype-field", text.replace(line, line.replace(type + " ", (type.equals("string")
                    ? "int64" : "string") + " ")));
            mutations.put("rename-field", text.replace(line, line.replace(" " + m.group(3) + " = ", " "
                    + m.group(3) + "_renamed = ")));
            for (Map.Entry<String, String> mu : mutations.entrySet()) {
                SchemaModel candidate;
                Schema candidateAvro;
                try {
                    candidate = proto.decode(mu.getValue(), CodecOptions.NONE, new LossinessLedger());
                    candidateAvro = new Schema.Parser().parse(avro.encode(candidate, CodecOptions.NONE,
                            new LossinessLedger()));
                } catch (Exception e) {
                    continue;
                }
                for (Mode mode : List.of(Mode.BACKWARD, Mode.FORWARD)) {
                    Schema reader = mode == Mode.BACKWARD ? candidateAvro : baseAvro;
                    Schema writer = mode == Mode.BACKWARD ? baseAvro : candidateAvro;
                    boolean nativeOk = SchemaCompatibility.checkReaderWriterCompatibility(reader, writer).getType()
                            == SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE;
                    CompareReport ours = Compatibility.compare(base, candidate, mode, List.of("avro"));
                    tally.verdict(name, mu.getKey() + " " + mode, nativeOk, ours.compatible(), () -> mu.getKey()
                            + " " + mode + ": Avro " + (nativeOk ? "compatible" : "incompatible") + "; ours "
                            + ours.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList());
                }
            }
        }
        tally.print("Cross-format (protobuf pairs, avro consumer vs SchemaCompatibility on the Avro"
                + " conversions): " + used + " files", 24);
        return tally.tests("verdicts that disagree with SchemaCompatibility on the Avro conversions", 100);
    }
}
