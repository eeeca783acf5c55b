package io.modelgraph.exchange.profile;

import io.modelgraph.codec.jsonld.JsonLdVocabulary;
import io.modelgraph.exchange.jsonld.ProfileVocabulary;
import io.modelgraph.graph.DefaultMixins;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The profiles every project starts with (docs/exchange.md "Profiles"). They cannot be replaced: a custom
 * profile with the same Id is refused, so an export made with a default profile means the same thing in
 * every project.
 */
public final class DefaultProfiles {
    public static final String JSON_LD_ID = "jsonld-rdfs-schemaorg";
    public static final String JSON_SCHEMA_ID = "jsonschema-2020-12";

    /** Where names of model parts become IRIs: {@code model:Person}, {@code model:Person/name} is not used. */
    public static final String MODEL_NS = JsonLdVocabulary.MODEL_NS;
    public static final String MG_NS = JsonLdVocabulary.MG_NS;

    public static final ImportProfile JSON_LD = jsonLd();
    public static final ImportProfile JSON_SCHEMA = jsonSchema();

    public static List<ImportProfile> of(ProfileFormat format) {
        return List.of(format == ProfileFormat.JSON_LD ? JSON_LD : JSON_SCHEMA);
    }

    /** The jsonld codec's default vocabulary, stated as a profile: one definition for /v1 and schema/export. */
    private static ImportProfile jsonLd() {
        JsonLdVocabulary v = JsonLdVocabulary.RDFS_SCHEMA_ORG;
        Map<String, MappingTarget> props = new LinkedHashMap<>();
        v.properties().forEach((p, role) -> props.put(p, ProfileVocabulary.target(role)));
        return new ImportProfile(JSON_LD_ID, "JSON-LD: RDFS / schema.org vocabulary", ProfileFormat.JSON_LD, true,
                v.context(), v.classes(), props);
    }

    private static ImportProfile jsonSchema() {
        Map<String, MappingTarget> p = new LinkedHashMap<>();
        p.put("$schema", MappingTarget.IGNORE);
        p.put("$id", MappingTarget.IGNORE);
        p.put("$anchor", MappingTarget.IGNORE);
        p.put("$defs", MappingTarget.IGNORE);
        p.put("definitions", MappingTarget.IGNORE);
        p.put("$comment", MappingTarget.mixin(DefaultMixins.ANNOTATIONS, "annotations"));
        p.put("title", MappingTarget.LABEL);
        p.put("description", MappingTarget.DESCRIPTION);
        p.put("type", MappingTarget.mixin(DefaultMixins.DATA_TYPE, "dataType"));
        p.put("properties", MappingTarget.DOMAIN_INCLUDES);
        p.put("required", MappingTarget.mixin(DefaultMixins.CARDINALITY, "required"));
        p.put("items", MappingTarget.MAX_OCCURS);
        p.put("minItems", MappingTarget.MIN_OCCURS);
        p.put("maxItems", MappingTarget.MAX_OCCURS);
        p.put("$ref", MappingTarget.RANGE_INCLUDES);
        p.put("allOf", MappingTarget.SUBCLASS_OF);
        p.put("anyOf", MappingTarget.mixin(DefaultMixins.DATA_TYPE, "union"));
        p.put("oneOf", MappingTarget.mixin(DefaultMixins.DATA_TYPE, "union"));
        p.put("additionalProperties", MappingTarget.mixin(DefaultMixins.DATA_TYPE, "mapValues"));
        p.put("enum", MappingTarget.HAS_MEMBER);
        p.put("const", MappingTarget.mixin(DefaultMixins.VALUES, "const"));
        p.put("default", MappingTarget.mixin(DefaultMixins.VALUES, "default"));
        p.put("examples", MappingTarget.mixin(DefaultMixins.VALUES, "examples"));
        for (String c : List.of("pattern", "format", "minLength", "maxLength", "minimum", "maximum",
                "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems")) {
            p.put(c, MappingTarget.mixin(DefaultMixins.CONSTRAINTS, c));
        }
        for (String a : List.of("deprecated", "readOnly", "writeOnly", "x-*")) {
            p.put(a, MappingTarget.mixin(DefaultMixins.ANNOTATIONS, "annotations"));
        }
        // keywords the canonical model cannot express: the jsonschema codec keeps them verbatim on their type or
        // element (annotation jsonschema.verbatim) and writes them back, so validateJSON still applies them
        for (String v : List.of("not", "if", "then", "else", "patternProperties", "propertyNames",
                "dependentSchemas", "dependentRequired", "prefixItems", "contains", "minContains", "maxContains",
                "unevaluatedProperties", "unevaluatedItems", "minProperties", "maxProperties", "$dynamicRef",
                "$dynamicAnchor", "contentMediaType", "contentEncoding", "contentSchema")) {
            p.put(v, MappingTarget.mixin(DefaultMixins.ANNOTATIONS, "annotations"));
        }
        return new ImportProfile(JSON_SCHEMA_ID, "JSON Schema 2020-12", ProfileFormat.JSON_SCHEMA, true, Map.of(),
                Map.of(), p);
    }

    private DefaultProfiles() {
    }
}
