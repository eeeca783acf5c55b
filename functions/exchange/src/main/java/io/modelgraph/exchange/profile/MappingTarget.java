package io.modelgraph.exchange.profile;

import io.modelgraph.graph.DefaultMixins;
import io.modelgraph.graph.DefaultRelationGroups;
import java.util.List;
import java.util.Optional;

/**
 * Where a mapped file property lands in the graph, spelled as a string in profiles:
 * {@code label}, {@code relation:<relationGroupId>}, {@code mixin:<mixinId>.<columnId>}, or {@code ignore}
 * (recognised, deliberately not stored). The set is closed: these are the targets the readers and writers
 * of this module carry, so a profile can never promise a mapping that is then silently skipped.
 */
public record MappingTarget(String spelling) {
    public static final MappingTarget LABEL = new MappingTarget("label");
    public static final MappingTarget IGNORE = new MappingTarget("ignore");
    public static final MappingTarget DESCRIPTION = mixin(DefaultMixins.DESCRIPTION, "description");
    public static final MappingTarget MAPS_TO = mixin(DefaultMixins.MAPPING, "mapsTo");
    public static final MappingTarget MIN_OCCURS = mixin(DefaultMixins.CARDINALITY, "minOccurs");
    public static final MappingTarget MAX_OCCURS = mixin(DefaultMixins.CARDINALITY, "maxOccurs");
    public static final MappingTarget TERM_CODE = mixin(DefaultMixins.TERM, "code");
    public static final MappingTarget SUBCLASS_OF = relation(DefaultRelationGroups.SUBCLASS_OF);
    public static final MappingTarget DOMAIN_INCLUDES = relation(DefaultRelationGroups.DOMAIN_INCLUDES);
    public static final MappingTarget RANGE_INCLUDES = relation(DefaultRelationGroups.RANGE_INCLUDES);
    public static final MappingTarget HAS_MEMBER = relation(DefaultRelationGroups.HAS_MEMBER);

    /** Targets a JSON-LD profile may use: what the JSON-LD reader and writer carry. */
    public static final List<MappingTarget> JSON_LD_TARGETS = List.of(LABEL, IGNORE, DESCRIPTION, MAPS_TO,
            MIN_OCCURS, MAX_OCCURS, TERM_CODE, SUBCLASS_OF, DOMAIN_INCLUDES, RANGE_INCLUDES);

    /** Targets a JSON Schema profile may use: where the jsonschema codec and the graph mapping put each keyword. */
    public static final List<MappingTarget> JSON_SCHEMA_TARGETS = List.of(LABEL, IGNORE, DESCRIPTION, MAPS_TO,
            MIN_OCCURS, MAX_OCCURS, TERM_CODE, SUBCLASS_OF, DOMAIN_INCLUDES, RANGE_INCLUDES, HAS_MEMBER,
            mixin(DefaultMixins.DATA_TYPE, "dataType"), mixin(DefaultMixins.DATA_TYPE, "union"),
            mixin(DefaultMixins.DATA_TYPE, "mapValues"), mixin(DefaultMixins.CARDINALITY, "required"),
            mixin(DefaultMixins.CARDINALITY, "nullable"), mixin(DefaultMixins.CONSTRAINTS, "pattern"),
            mixin(DefaultMixins.CONSTRAINTS, "format"), mixin(DefaultMixins.CONSTRAINTS, "minLength"),
            mixin(DefaultMixins.CONSTRAINTS, "maxLength"), mixin(DefaultMixins.CONSTRAINTS, "minimum"),
            mixin(DefaultMixins.CONSTRAINTS, "maximum"), mixin(DefaultMixins.CONSTRAINTS, "exclusiveMinimum"),
            mixin(DefaultMixins.CONSTRAINTS, "exclusiveMaximum"), mixin(DefaultMixins.CONSTRAINTS, "multipleOf"),
            mixin(DefaultMixins.CONSTRAINTS, "uniqueItems"), mixin(DefaultMixins.VALUES, "enum"),
            mixin(DefaultMixins.VALUES, "const"), mixin(DefaultMixins.VALUES, "default"),
            mixin(DefaultMixins.VALUES, "examples"), mixin(DefaultMixins.ANNOTATIONS, "annotations"));

    public static MappingTarget mixin(String mixinId, String columnId) {
        return new MappingTarget("mixin:" + mixinId + "." + columnId);
    }

    public static MappingTarget relation(String groupId) {
        return new MappingTarget("relation:" + groupId);
    }

    /** Parses a spelling against the targets allowed for a format; empty when it is not one of them. */
    public static Optional<MappingTarget> parse(String text, ProfileFormat format) {
        List<MappingTarget> allowed = format == ProfileFormat.JSON_LD ? JSON_LD_TARGETS : JSON_SCHEMA_TARGETS;
        return allowed.stream().filter(t -> t.spelling.equals(text)).findFirst();
    }

    public static List<String> spellings(ProfileFormat format) {
        return (format == ProfileFormat.JSON_LD ? JSON_LD_TARGETS : JSON_SCHEMA_TARGETS).stream()
                .map(MappingTarget::spelling).toList();
    }
}
