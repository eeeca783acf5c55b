package io.modelgraph.exchange.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.json.Json;
import org.junit.jupiter.api.Test;

class NumericDefinitionNamesTest {
    private static final String SCHEMA = """
            {"$defs": {"02120": {"full": {"type": "string"}}, "7": {"type": "integer"}},
             "properties": {"a": {"$ref": "#/$defs/02120/full"}, "b": {"$ref": "#/$defs/7"}}}
            """;

    @Test
    void aDefinitionNamedWithALeadingZeroIsReachedByItsPointer() throws Exception {
        JsonNode schema = Json.parse(SCHEMA);
        var compiled = Validators.compile(schema);
        assertFalse(compiled.validate(Json.parse("{\"a\": 1}")).isEmpty(), "the referenced string schema applies");
        assertTrue(compiled.validate(Json.parse("{\"a\": \"x\", \"b\": 2}")).isEmpty());
        assertFalse(compiled.validate(Json.parse("{\"b\": \"x\"}")).isEmpty());
        assertEquals(Json.parse(SCHEMA), schema, "the caller's schema is not changed");
    }

    @Test
    void onlyNamesTheValidatorMisreadsAreRenamed() throws Exception {
        JsonNode out = NumericDefinitionNames.normalize(Json.parse(SCHEMA));
        assertEquals("#/$defs/n02120/full", out.at("/properties/a/$ref").textValue());
        assertEquals("#/$defs/7", out.at("/properties/b/$ref").textValue());
        assertTrue(out.at("/$defs").has("n02120") && out.at("/$defs").has("7"));
        JsonNode plain = Json.parse("{\"$defs\": {\"a\": {}}, \"$ref\": \"#/$defs/a\"}");
        assertSame(plain, NumericDefinitionNames.normalize(plain));
        assertTrue(NumericDefinitionNames.misread("00") && !NumericDefinitionNames.misread("0")
                && !NumericDefinitionNames.misread("0x1"));
    }
}
