package io.modelgraph.transform;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.TransformFailure;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.FormatOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The request members a format declares as options ({@link Format#options()}), read into codec options. Members
 * of other formats' options do not apply and are ignored (the route's member list has refused anything unknown);
 * the codec checks the values themselves, naming the member (docs/formats.md "Options").
 */
final class FormatOptions {
    private FormatOptions() {
    }

    static CodecOptions read(Fields f, Optional<Format> format) {
        if (format.isEmpty() || format.get().options().isEmpty() || f.empty()) {
            return CodecOptions.NONE;
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (FormatOption option : format.get().options()) {
            // members are matched without regard to case, as everywhere in the API; null is absent
            f.body().member(option.name()).ifPresent(v -> values.put(option.name(), value(option, v)));
        }
        return new CodecOptions(values);
    }

    private static String value(FormatOption option, JsonNode value) {
        switch (option.type()) {
            case BOOLEAN:
                if (!value.isBoolean()) {
                    throw TransformFailure.of(option.name(), "'" + option.name() + "' must be true or false.");
                }
                return value.asText();
            case STRING:
            default:
                if (!value.isTextual() || value.asText().isBlank()) {
                    throw TransformFailure.of(option.name(), "'" + option.name() + "' must be a non-empty string.");
                }
                return value.asText();
        }
    }
}
