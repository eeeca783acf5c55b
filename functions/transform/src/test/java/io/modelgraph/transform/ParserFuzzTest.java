package io.modelgraph.transform;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.InvalidOptionException;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.UnrepresentableModelException;
import io.modelgraph.ledger.LossinessLedger;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz targets for every decoder that reads caller text (docs/reliability.md, "Fuzzing"). A decoder may only return
 * a model or a logical error (a syntax error naming where, an option it refuses, a model it cannot represent): any
 * other exception or error is a finding. In the default build each target runs its regression inputs
 * ({@code src/test/resources/io/modelgraph/transform/ParserFuzzTestInputs/<target>/}); with {@code -Pfuzz} Jazzer
 * mutates them for the bounded time below, one target per run.
 */
class ParserFuzzTest {
    private static final CodecRegistry CODECS = CodecRegistry.load();

    private static void decode(String format, byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        try {
            CODECS.decoder(format, "sourceFormat").decode(text, CodecOptions.NONE, new LossinessLedger());
        } catch (SchemaSyntaxException | InvalidOptionException | UnrepresentableModelException logical) {
            // the caller's mistake, answered as a 4xx naming where
        }
    }

    @FuzzTest(maxDuration = "60s")
    void jsonschema(byte[] input) {
        decode("jsonschema", input);
    }

    @FuzzTest(maxDuration = "60s")
    void shex(byte[] input) {
        decode("shex", input);
    }

    @FuzzTest(maxDuration = "60s")
    void avro(byte[] input) {
        decode("avro", input);
    }

    @FuzzTest(maxDuration = "60s")
    void protobuf(byte[] input) {
        decode("protobuf", input);
    }

    @FuzzTest(maxDuration = "60s")
    void sql(byte[] input) {
        decode("sql", input);
    }

    @FuzzTest(maxDuration = "60s")
    void jsonld(byte[] input) {
        decode("jsonld", input);
    }

    @FuzzTest(maxDuration = "60s")
    void owl(byte[] input) {
        decode("owl", input);
    }

    @FuzzTest(maxDuration = "60s")
    void linkml(byte[] input) {
        decode("linkml", input);
    }

    @FuzzTest(maxDuration = "60s")
    void odcs(byte[] input) {
        decode("odcs", input);
    }

    @FuzzTest(maxDuration = "60s")
    void osi(byte[] input) {
        decode("osi", input);
    }

    @FuzzTest(maxDuration = "60s")
    void osiJson(byte[] input) {
        decode("osi-json", input);
    }

    @FuzzTest(maxDuration = "60s")
    void odm(byte[] input) {
        decode("odm", input);
    }
}
