package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The API's decode and encode sets (docs/transform.md, "Formats") against the providers the function's class path
 * carries: every key of each set is there with that direction, in the API's order at the head of the lists; the
 * service may carry more formats after them.
 */
class FormatKeySetsTest {
    static final List<String> DECODE_SET = List.of("jsonschema", "shex", "avro", "jsonld", "sql", "osi", "osi-json",
            "owl", "linkml", "protobuf", "odcs", "odm");
    static final List<String> ENCODE_SET = List.of("jsonschema", "shex", "avro", "jsonld", "sql", "osi", "osi-json",
            "owl", "linkml", "protobuf", "odcs", "synapse");

    private final CodecRegistry registry = TransformHandler.codecs();

    @Test
    void everyKeyOfTheSpecificationsSetsIsCarriedWithItsDirections() {
        for (String key : DECODE_SET) {
            assertTrue(registry.canDecode(key), key + " must decode");
        }
        for (String key : ENCODE_SET) {
            assertTrue(registry.canEncode(key), key + " must encode");
        }
        assertTrue(!registry.canEncode("odm"), "odm is decode-only");
        assertTrue(!registry.canDecode("synapse"), "synapse is encode-only");
        assertEquals(DECODE_SET, registry.decodeFormats().subList(0, DECODE_SET.size()),
                "the specification's keys come first, in its order");
        assertEquals(ENCODE_SET, registry.encodeFormats().subList(0, ENCODE_SET.size()));
    }

    @Test
    void theRegistryIsWhatServiceLoaderFinds() {
        List<String> found = new ArrayList<>();
        ServiceLoader.load(Format.class).forEach(f -> found.add(f.key()));
        assertEquals(found.size(), registry.formats().size(), "one provider per key: " + found);
        for (Format f : registry.formats()) {
            assertTrue(found.contains(f.key()), f.key());
            assertTrue(!f.directions().isEmpty(), f.key() + " serves no direction");
            assertTrue(!f.title().isBlank(), f.key() + " has no title");
            // a variant of a format (osi-json, the JSON spelling of osi) keeps the keys of the format it spells
            f.extensions().forEach(k -> assertTrue(f.key().equals(k.format()) || f.key().startsWith(k.format() + "-"),
                    k + " is declared by " + f.key()));
            if (f.directions().contains(Direction.DECODE)) {
                assertTrue(f.sample().filter(s -> !s.isBlank()).isPresent(), f.key() + " decodes but has no sample");
            }
        }
    }

    @Test
    void everyDecodeFormatDecodesItsOwnSample() throws Exception {
        for (String key : registry.decodeFormats()) {
            Format f = registry.format(key).orElseThrow();
            var model = registry.decoder(key, "format").decode(f.sample().orElseThrow(),
                    io.modelgraph.codec.CodecOptions.NONE, new io.modelgraph.ledger.LossinessLedger());
            assertTrue(!model.types().isEmpty() || !model.taxonomies().isEmpty(), key + "'s sample decodes to nothing");
        }
    }
}
