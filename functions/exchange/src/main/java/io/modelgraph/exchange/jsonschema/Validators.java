package io.modelgraph.exchange.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.resource.AllowSchemaLoader;
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

    public static JsonSchema compile(JsonNode schema) {
        return FACTORY.getSchema(BASE, NumericDefinitionNames.normalize(schema), CONFIG);
    }

    /** The 2020-12 meta-schema, for checking exported schemas. */
    public static JsonSchema metaSchema() {
        return FACTORY.getSchema(SchemaLocation.of(DIALECT), CONFIG);
    }

    private Validators() {
    }
}
