package io.modelgraph.codec.jsonld;

import io.modelgraph.graph.NodeType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The RDF vocabulary a JSON-LD file is read and written in: {@code context} holds the prefixes of compact IRIs,
 * {@code classes} maps a class (compact or absolute IRI) to the model part its instances become, and
 * {@code properties} maps a property to its {@link JsonLdRole}. Order matters: on export the first property of a
 * role, and the first class of a node type, is the one written.
 */
public record JsonLdVocabulary(Map<String, String> context, Map<String, NodeType> classes,
        Map<String, JsonLdRole> properties) {

    /** Where names of model parts become IRIs: {@code model:Person}. */
    public static final String MODEL_NS = "urn:modelgraph:model:";
    public static final String MG_NS = "https://modelgraph.io/vocab#";

    /** RDFS with schema.org's domain/range terms: the default of the exchange function and the jsonld codec. */
    public static final JsonLdVocabulary RDFS_SCHEMA_ORG = rdfsSchemaOrg();

    public JsonLdVocabulary {
        // LinkedHashMap copies keep the declared order (Map.copyOf would not)
        context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
        classes = Collections.unmodifiableMap(new LinkedHashMap<>(classes));
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public Optional<String> propertyFor(JsonLdRole role) {
        return properties.entrySet().stream().filter(e -> e.getValue() == role).map(Map.Entry::getKey).findFirst();
    }

    public Optional<String> classFor(NodeType type) {
        return classes.entrySet().stream().filter(e -> e.getValue() == type).map(Map.Entry::getKey).findFirst();
    }

    private static JsonLdVocabulary rdfsSchemaOrg() {
        Map<String, String> context = new LinkedHashMap<>();
        context.put("rdf", Iris.RDF);
        context.put("rdfs", Iris.RDFS);
        context.put("xsd", Iris.XSD);
        context.put("owl", "http://www.w3.org/2002/07/owl#");
        context.put("skos", "http://www.w3.org/2004/02/skos/core#");
        context.put("schema", Iris.SCHEMA);
        context.put("mg", MG_NS);
        context.put("model", MODEL_NS);
        Map<String, NodeType> classes = new LinkedHashMap<>();
        classes.put("schema:Class", NodeType.Type);
        classes.put("schema:Property", NodeType.Element);
        classes.put("schema:Enumeration", NodeType.Taxonomy);
        classes.put("rdfs:Class", NodeType.Type);
        classes.put("owl:Class", NodeType.Type);
        classes.put("rdf:Property", NodeType.Element);
        // exportJsonLd spells the property class rdfs:Property (RDFS has none); read as a synonym of rdf:Property
        classes.put("rdfs:Property", NodeType.Element);
        classes.put("owl:DatatypeProperty", NodeType.Element);
        classes.put("owl:ObjectProperty", NodeType.Element);
        Map<String, JsonLdRole> props = new LinkedHashMap<>();
        props.put("rdfs:label", JsonLdRole.LABEL);
        props.put("schema:name", JsonLdRole.LABEL);
        props.put("rdfs:comment", JsonLdRole.DESCRIPTION);
        props.put("schema:description", JsonLdRole.DESCRIPTION);
        props.put("rdfs:subClassOf", JsonLdRole.SUBCLASS_OF);
        props.put("schema:domainIncludes", JsonLdRole.DOMAIN_INCLUDES);
        props.put("rdfs:domain", JsonLdRole.DOMAIN_INCLUDES);
        props.put("schema:rangeIncludes", JsonLdRole.RANGE_INCLUDES);
        props.put("rdfs:range", JsonLdRole.RANGE_INCLUDES);
        props.put("skos:exactMatch", JsonLdRole.MAPS_TO);
        props.put("owl:equivalentClass", JsonLdRole.MAPS_TO);
        props.put("owl:equivalentProperty", JsonLdRole.MAPS_TO);
        props.put("mg:minCount", JsonLdRole.MIN_OCCURS);
        props.put("mg:maxCount", JsonLdRole.MAX_OCCURS);
        props.put("schema:identifier", JsonLdRole.TERM_CODE);
        props.put("rdfs:isDefinedBy", JsonLdRole.IGNORE);
        props.put("schema:isPartOf", JsonLdRole.IGNORE);
        props.put("schema:source", JsonLdRole.IGNORE);
        return new JsonLdVocabulary(context, classes, props);
    }
}
