package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.Direction;
import io.modelgraph.codec.Format;
import io.modelgraph.codec.FormatOption;
import io.modelgraph.transform.TransformHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * openapi.yaml's format enums and option members against the format providers the transform function carries:
 * the enums list exactly the registry's keys in its order, and every request that names a format documents the
 * options of the formats it reads or writes with their type and allowed values (docs/formats.md).
 */
class OpenApiFormatsTest {
    private static final CodecRegistry REGISTRY = TransformHandler.codecs();
    /** Each request schema that carries format options, and the direction of the formats whose options it takes. */
    private static final Map<String, Direction> REQUESTS = Map.of("SchemaImportRequest", Direction.DECODE,
            "SchemaExportRequest", Direction.ENCODE, "SchemaMapRequest", Direction.ENCODE, "PlanExecuteRequest",
            Direction.ENCODE);

    private static JsonNode schemas() throws Exception {
        return new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile()).path("components")
                .path("schemas");
    }

    private static List<String> enumOf(JsonNode schema) {
        List<String> out = new ArrayList<>();
        schema.path("enum").forEach(v -> out.add(v.asText()));
        return out;
    }

    @Test
    void formatEnumsAreTheRegistrysKeys() throws Exception {
        JsonNode schemas = schemas();
        assertEquals(REGISTRY.decodeFormats(), enumOf(schemas.path("DecodeFormat")), "DecodeFormat enum");
        assertEquals(REGISTRY.encodeFormats(), enumOf(schemas.path("EncodeFormat")), "EncodeFormat enum");
    }

    @Test
    void everyRequestDocumentsTheOptionsOfItsFormats() throws Exception {
        JsonNode schemas = schemas();
        for (Map.Entry<String, Direction> request : REQUESTS.entrySet()) {
            JsonNode properties = schemas.path(request.getKey()).path("properties");
            assertTrue(properties.isObject(), request.getKey() + " has no properties");
            for (Format format : REGISTRY.formats()) {
                if (!format.directions().contains(request.getValue())) {
                    continue;
                }
                for (FormatOption option : format.options()) {
                    String where = request.getKey() + "." + option.name() + " (" + format.key() + ")";
                    JsonNode property = properties.path(option.name());
                    assertTrue(property.isObject(), where + " is not documented");
                    assertEquals(option.type().json(), property.path("type").asText(), where + " type");
                    assertTrue(!property.path("description").asText().isBlank(), where + " has no description");
                    if (request.getKey().equals("SchemaExportRequest")) {
                        // values and default are stated where the option is defined; the other requests refer to it
                        List<String> values = enumOf(property);
                        String description = property.path("description").asText();
                        for (String allowed : option.allowed()) {
                            assertTrue(values.contains(allowed) || description.contains(allowed),
                                    where + " does not list the value " + allowed);
                        }
                        option.defaultValue().ifPresent(d -> assertTrue(description.contains("default " + d)
                                || property.path("default").asText().equals(d), where + " does not give its default"));
                    }
                }
            }
        }
    }
}
