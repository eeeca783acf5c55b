package io.modelgraph.exchange.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.resource.AllowSchemaLoader;
import io.modelgraph.codec.jsonschema.JsonSchemaAnnotations;
import java.net.URI;

/**
 * networknt 2020-12 validators that never leave the process: the only documents they load are the meta-schemas
 * bundled on the classpath, so a stored or merged schema cannot make the function fetch a remote {@code $ref}.
 */
public final class Validators {
    public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";
    /** A base for schemas without {@code $id}, so relative references resolve inside the document only. */
    private static final URI BASE = URI.create("urn:modelgraph:schema");

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
            b -> b.schemaLoaders(l -> l.add(new AllowSchemaLoader(iri -> iri.toString().startsWith("classpath:")))));
    private static final SchemaValidatorsConfig CONFIG = SchemaValidatorsConfig.builder()
            .formatAssertionsEnabled(false).pathType(PathType.JSON_PATH).build();
    /** For documents whose source dialect asserts {@code format} (docs/jsonschema-dialects.md "Format"). */
    private static final SchemaValidatorsConfig ASSERTING = SchemaValidatorsConfig.builder()
            .formatAssertionsEnabled(true).pathType(PathType.JSON_PATH).build();

    /**
     * The document compiled as 2020-12. {@code format} is an annotation, as 2020-12 has it, unless the root
     * carries {@code x-modelgraph-format-assertion: true} (written for schemas read from draft-04, -06 or -07, or
     * with a vocabulary requiring format assertion); then every format 2020-12 defines is asserted.
     */
    public static JsonSchema compile(JsonNode schema) {
        return FACTORY.getSchema(BASE, NumericDefinitionNames.normalize(schema), assertsFormat(schema)
                ? ASSERTING : CONFIG);
    }

    /** Whether the document's root asks for format assertion. */
    public static boolean assertsFormat(JsonNode schema) {
        JsonNode flag = schema.path(JsonSchemaAnnotations.FORMAT_ASSERTION_KEYWORD);
        return flag.isBoolean() && flag.booleanValue();
    }

    /** The 2020-12 meta-schema, for checking exported schemas. */
    public static JsonSchema metaSchema() {
        return FACTORY.getSchema(SchemaLocation.of(DIALECT), CONFIG);
    }

    private Validators() {
    }
}
