package io.modelgraph.codec.osi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.codec.JsonAnnotations;
import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An OSI (Apache Ossie) semantic-model document to the canonical model; the same tree whether it was YAML or JSON.
 * Datasets become Types with their primary and unique keys, fields Elements, relationships {@link Relationship}s.
 * What the model has no field for stays verbatim: the document header ({@code osi.header}), each semantic model's
 * description, {@code ai_context}, {@code metrics} and {@code custom_extensions} ({@code osi.semanticModels}), and
 * each dataset's, field's and relationship's other members ({@code osi.extra}).
 */
final class OsiDocument {
    static final String HEADER = "osi.header";
    static final String SEMANTIC_MODELS = "osi.semanticModels";
    static final String SEMANTIC_MODEL = "osi.semanticModel";
    static final String EXTRA = "osi.extra";
    static final String VERSION_011 = "0.1.1";
    static final String VERSION_02 = "0.2.0.dev0";

    private static final Set<String> DATASET_KEYS = Set.of("name", "description", "primary_key", "unique_keys",
            "fields");
    private static final Set<String> FIELD_KEYS = Set.of("name", "description", "datatype");
    private static final Set<String> RELATIONSHIP_KEYS = Set.of("name", "from", "to", "from_columns", "to_columns");
    private static final Set<String> MODEL_KEYS = Set.of("datasets", "relationships");

    private OsiDocument() {
    }

    static boolean isVersion011(String version) {
        return version.equals(VERSION_011);
    }

    static SchemaModel decode(JsonNode doc, String format, LossinessLedger ledger) throws SchemaSyntaxException {
        if (!doc.isObject()) {
            throw new SchemaSyntaxException("$", "An OSI document is a mapping with 'version' and 'semantic_model'.");
        }
        String version = doc.path("version").asText("");
        if (!version.equals(VERSION_011) && !version.startsWith("0.2")) {
            throw new SchemaSyntaxException("$.version", "OSI version '" + version + "' is not supported; use 0.1.1"
                    + " or 0.2.x.");
        }
        JsonNode models = doc.path("semantic_model");
        if (!models.isArray() || models.isEmpty()) {
            throw new SchemaSyntaxException("$.semantic_model", "'semantic_model' is a non-empty list of semantic"
                    + " models.");
        }
        List<TypeDef> types = new ArrayList<>();
        List<Relationship> relationships = new ArrayList<>();
        ArrayNode modelFacts = JsonNodeFactory.instance.arrayNode();
        Set<String> typeNames = new LinkedHashSet<>();
        for (int m = 0; m < models.size(); m++) {
            JsonNode sm = models.get(m);
            String mPath = "$.semantic_model[" + m + "]";
            String smName = name(sm, mPath);
            modelFacts.add(extras(sm, MODEL_KEYS));
            JsonNode datasets = sm.path("datasets");
            if (!datasets.isArray()) {
                throw new SchemaSyntaxException(mPath + ".datasets", "'datasets' is a list of datasets.");
            }
            for (int d = 0; d < datasets.size(); d++) {
                String dPath = mPath + ".datasets[" + d + "]";
                TypeDef type = dataset(datasets.get(d), dPath, smName, models.size() > 1, format);
                if (!typeNames.add(type.name())) {
                    throw new SchemaSyntaxException(dPath + ".name", "Dataset '" + type.name() + "' is declared twice.");
                }
                if (typeNames.size() > ParserLimits.MAX_DEFINITIONS) {
                    throw new SchemaSyntaxException(dPath, "More than " + ParserLimits.MAX_DEFINITIONS
                            + " datasets.");
                }
                types.add(type);
            }
            JsonNode rels = sm.path("relationships");
            for (int r = 0; r < rels.size(); r++) {
                relationships.add(relationship(rels.get(r), mPath + ".relationships[" + r + "]", smName,
                        models.size() > 1));
            }
        }
        ObjectNode header = ((ObjectNode) doc).deepCopy();
        header.remove("semantic_model");
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(HEADER, JsonAnnotations.text(header));
        annotations.put(SEMANTIC_MODELS, JsonAnnotations.text(modelFacts));
        JsonNode first = models.get(0);
        Optional<String> description = text(first, "description");
        return new SchemaModel(name(first, "$.semantic_model[0]"), description, types, List.of(), Map.of(),
                Provenance.of(format), annotations, Optional.empty(), Optional.empty(), relationships);
    }

    private static TypeDef dataset(JsonNode ds, String path, String smName, boolean several, String format)
            throws SchemaSyntaxException {
        String name = name(ds, path);
        if (!ds.hasNonNull("source")) {
            throw new SchemaSyntaxException(path + ".source", "Dataset '" + name + "' needs a 'source'.");
        }
        JsonNode fields = ds.path("fields");
        List<ElementDef> elements = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int f = 0; f < fields.size(); f++) {
            ElementDef e = field(fields.get(f), path + ".fields[" + f + "]");
            if (!names.add(e.name())) {
                throw new SchemaSyntaxException(path + ".fields[" + f + "].name", "Field '" + e.name()
                        + "' appears twice in '" + name + "'.");
            }
            elements.add(e);
        }
        List<KeyDef> keys = new ArrayList<>();
        List<String> primary = strings(ds.path("primary_key"), path + ".primary_key");
        if (!primary.isEmpty()) {
            keys.add(KeyDef.primary(primary));
        }
        JsonNode unique = ds.path("unique_keys");
        for (int u = 0; u < unique.size(); u++) {
            List<String> columns = strings(unique.get(u), path + ".unique_keys[" + u + "]");
            if (!columns.isEmpty()) {
                keys.add(KeyDef.unique(columns));
            }
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(EXTRA, JsonAnnotations.text(extras(ds, DATASET_KEYS)));
        if (several) {
            annotations.put(SEMANTIC_MODEL, smName);
        }
        return new TypeDef(name, text(ds, "description"), List.of(), elements, false, Optional.empty(),
                Provenance.of(format).toBuilder().originalName(name).build(), annotations, Optional.empty(), keys);
    }

    private static ElementDef field(JsonNode f, String path) throws SchemaSyntaxException {
        String name = name(f, path);
        String datatype = f.path("datatype").asText("");
        DataType type = datatype.isEmpty() ? DataType.of(PrimitiveKind.ANY)
                : new DataType.Primitive(OsiTypes.kind(datatype), Optional.of(datatype));
        Map<String, String> annotations = Map.of(EXTRA, JsonAnnotations.text(extras(f, FIELD_KEYS)));
        return ElementDef.builder(name).description(text(f, "description")).type(type).cardinality(Cardinality.OPTIONAL)
                .annotations(annotations).build();
    }

    private static Relationship relationship(JsonNode r, String path, String smName, boolean several)
            throws SchemaSyntaxException {
        String name = name(r, path);
        String from = r.path("from").asText("");
        String to = r.path("to").asText("");
        List<String> fromColumns = strings(r.path("from_columns"), path + ".from_columns");
        List<String> toColumns = strings(r.path("to_columns"), path + ".to_columns");
        if (from.isEmpty() || to.isEmpty() || fromColumns.isEmpty() || fromColumns.size() != toColumns.size()) {
            throw new SchemaSyntaxException(path, "Relationship '" + name + "' needs 'from', 'to' and as many"
                    + " 'from_columns' as 'to_columns'.");
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(EXTRA, JsonAnnotations.text(extras(r, RELATIONSHIP_KEYS)));
        if (several) {
            annotations.put(SEMANTIC_MODEL, smName);
        }
        return new Relationship(Optional.of(name), from, fromColumns, to, toColumns, Cardinality.ANY_NUMBER,
                Cardinality.OPTIONAL, annotations);
    }

    private static ObjectNode extras(JsonNode node, Set<String> mapped) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            if (!mapped.contains(f.getKey())) {
                out.set(f.getKey(), f.getValue());
            }
        }
        return out;
    }

    private static List<String> strings(JsonNode node, String path) throws SchemaSyntaxException {
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new SchemaSyntaxException(path, "Expected a list of column names.");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : node) {
            if (!n.isTextual()) {
                throw new SchemaSyntaxException(path, "Expected a list of column names.");
            }
            out.add(n.asText());
        }
        return out;
    }

    static String name(JsonNode node, String path) throws SchemaSyntaxException {
        if (!node.isObject()) {
            throw new SchemaSyntaxException(path, "Expected a mapping.");
        }
        String n = node.path("name").asText("").strip();
        if (n.isEmpty()) {
            throw new SchemaSyntaxException(path + ".name", "A 'name' is required here.");
        }
        return n;
    }

    static Optional<String> text(JsonNode node, String key) {
        JsonNode v = node.path(key);
        return v.isTextual() && !v.asText().isEmpty() ? Optional.of(v.asText()) : Optional.empty();
    }
}
