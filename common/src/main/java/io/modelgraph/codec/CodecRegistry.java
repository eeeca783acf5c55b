package io.modelgraph.codec;

import io.modelgraph.api.TransformFailure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The formats the service speaks. The key sets are fixed by the API (seed 001); codecs plug in by key.
 * Unknown keys fail with the seed's messages, listing the set in the seed's order.
 */
public final class CodecRegistry {
    public static final List<String> DECODE_SET = List.of("jsonschema", "shex", "avro", "jsonld", "sql", "osi",
            "osi-json", "owl", "linkml", "protobuf", "odcs", "odm");
    public static final List<String> ENCODE_SET = List.of("jsonschema", "shex", "avro", "jsonld", "sql", "osi",
            "osi-json", "owl", "linkml", "protobuf", "odcs", "synapse");

    private final Map<String, SchemaDecoder> decoders = new LinkedHashMap<>();
    private final Map<String, SchemaEncoder> encoders = new LinkedHashMap<>();

    public CodecRegistry(List<SchemaDecoder> decoders, List<SchemaEncoder> encoders) {
        for (SchemaDecoder d : decoders) {
            if (!DECODE_SET.contains(d.format())) {
                throw new IllegalArgumentException("Not a decode format: " + d.format());
            }
            this.decoders.put(d.format(), d);
        }
        for (SchemaEncoder e : encoders) {
            if (!ENCODE_SET.contains(e.format())) {
                throw new IllegalArgumentException("Not an encode format: " + e.format());
            }
            this.encoders.put(e.format(), e);
        }
    }

    /** The decoder for a key; {@code path} names the request member that carried the key. */
    public SchemaDecoder decoder(String key, String path) {
        if (!DECODE_SET.contains(key)) {
            throw TransformFailure.of(path, "Unknown schema format '" + key + "'. Use: " + String.join(", ", DECODE_SET)
                    + "." + (ENCODE_SET.contains(key) ? " '" + key + "' is encode-only: it can be exported, not read."
                            : ""));
        }
        SchemaDecoder decoder = decoders.get(key);
        if (decoder == null) {
            throw notYet(key, path, "decoding");
        }
        return decoder;
    }

    public SchemaEncoder encoder(String key, String path) {
        if (!ENCODE_SET.contains(key)) {
            throw TransformFailure.of(path, "Unknown schema format '" + key + "'. Use: " + String.join(", ", ENCODE_SET)
                    + "." + (DECODE_SET.contains(key) ? " '" + key + "' is decode-only: it can be read (schema/import"
                            + (key.equals("odm") ? ", odm/import, odm/convert" : "") + "), not exported." : ""));
        }
        SchemaEncoder encoder = encoders.get(key);
        if (encoder == null) {
            throw notYet(key, path, "encoding");
        }
        return encoder;
    }

    public boolean canDecode(String key) {
        return decoders.containsKey(key);
    }

    public boolean canEncode(String key) {
        return encoders.containsKey(key);
    }

    /** The decode keys this build carries, in the API's order (the artifact tests cover each). */
    public List<String> decodeFormats() {
        return DECODE_SET.stream().filter(decoders::containsKey).toList();
    }

    /** The encode keys this build carries, in the API's order. */
    public List<String> encodeFormats() {
        return ENCODE_SET.stream().filter(encoders::containsKey).toList();
    }

    /** A key of the API whose codec this build does not carry yet: 501, so clients can tell it from a typo. */
    private static TransformFailure notYet(String key, String path, String what) {
        return new TransformFailure(501, List.of(new io.modelgraph.api.ErrorEntry(path, "Schema format '" + key
                + "' is part of the API but " + what + " it is not available in this release.")), List.of());
    }
}
