package io.modelgraph.schema.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;

/**
 * Seeded generator of canonical models that use every field of the model (model-level facts, namespaces, keys,
 * relationships, field numbers, unions, maps, taxonomies, constraints, values, annotations). Same seed, same
 * model, so a failure names the random seed that reproduces it. Names are unique where the graph matches by name
 * (types, taxonomies, elements within a type, term codes within a taxonomy).
 */
public final class ModelGenerator {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] FORMATS = {"jsonschema", "avro", "sql", "shex", "odcs", "protobuf"};
    private final Random random;

    public ModelGenerator(long seed) {
        this.random = new Random(seed);
    }

    public SchemaModel next() {
        int typeCount = 1 + random.nextInt(5);
        int taxonomyCount = random.nextInt(3);
        List<String> typeNames = new ArrayList<>();
        for (int i = 0; i < typeCount; i++) {
            typeNames.add("Type" + i + word());
        }
        List<String> taxonomyNames = new ArrayList<>();
        for (int i = 0; i < taxonomyCount; i++) {
            taxonomyNames.add("Codes" + i + word());
        }
        List<TypeDef> types = new ArrayList<>();
        for (int i = 0; i < typeCount; i++) {
            types.add(type(typeNames.get(i), i, typeNames, taxonomyNames));
        }
        List<TaxonomyDef> taxonomies = new ArrayList<>();
        for (String name : taxonomyNames) {
            taxonomies.add(taxonomy(name));
        }
        List<Relationship> relationships = new ArrayList<>();
        for (int i = 0; i < random.nextInt(3); i++) {
            TypeDef from = types.get(random.nextInt(types.size()));
            TypeDef to = types.get(random.nextInt(types.size()));
            if (from.elements().isEmpty() || to.elements().isEmpty()) {
                continue;
            }
            Relationship r = new Relationship(maybe("fk_" + i), from.name(), List.of(from.elements().get(0).name()),
                    to.name(), List.of(to.elements().get(0).name()), pick(Cardinality.ANY_NUMBER, Cardinality.OPTIONAL),
                    pick(Cardinality.REQUIRED, Cardinality.OPTIONAL, new Cardinality(2, OptionalInt.of(7))),
                    annotations("odcs."));
            relationships.add(r);
        }
        Map<String, String> namespaces = new LinkedHashMap<>();
        for (int i = 0; i < random.nextInt(3); i++) {
            namespaces.put("p" + i, "https://example.org/" + word() + "/");
        }
        return new SchemaModel("model-" + word(), maybe("A model about " + word()), types, taxonomies, namespaces,
                provenance(), annotations("jsonschema."),
                random.nextBoolean() ? Optional.of(typeNames.get(random.nextInt(typeCount))) : Optional.empty(),
                maybe("https://example.org/" + word() + ".json"), relationships);
    }

    private TypeDef type(String name, int index, List<String> typeNames, List<String> taxonomyNames) {
        List<ElementDef> elements = new ArrayList<>();
        int count = random.nextInt(5);
        for (int i = 0; i < count; i++) {
            elements.add(element("e" + i + word(), typeNames, taxonomyNames));
        }
        // any earlier types, in any declared order (the graph keeps that order)
        List<String> supertypes = new ArrayList<>();
        for (int i = 0; i < index; i++) {
            if (random.nextInt(3) == 0) {
                supertypes.add(typeNames.get(i));
            }
        }
        java.util.Collections.shuffle(supertypes, random);
        List<KeyDef> keys = new ArrayList<>();
        if (!elements.isEmpty() && random.nextBoolean()) {
            keys.add(new KeyDef(KeyDef.Kind.PRIMARY, maybe("pk_" + name), List.of(elements.get(0).name())));
            if (elements.size() > 1) {
                keys.add(KeyDef.unique(List.of(elements.get(1).name(), elements.get(0).name())));
            }
        }
        return new TypeDef(name, maybe("The " + name), supertypes, elements, random.nextInt(5) == 0,
                maybe("https://schema.org/" + name), provenance(), annotations("avro."),
                maybe("org.example." + word()), keys);
    }

    private ElementDef element(String name, List<String> typeNames, List<String> taxonomyNames) {
        DataType type = dataType(typeNames, taxonomyNames, 0);
        Cardinality c = pick(Cardinality.REQUIRED, Cardinality.OPTIONAL, Cardinality.ANY_NUMBER,
                Cardinality.AT_LEAST_ONE, new Cardinality(0, OptionalInt.of(3)));
        Constraints k = Constraints.NONE;
        if (random.nextBoolean()) {
            k = k.toBuilder().pattern("^[a-z]{" + random.nextInt(4) + "}$").minLength((long) random.nextInt(3))
                    .maxLength(40L).build();
        }
        if (random.nextBoolean()) {
            k = k.toBuilder().minimum(BigDecimal.valueOf(random.nextInt(10))).maximum(pick(new BigDecimal("99.5"),
                    new BigDecimal("99.50"), new BigDecimal("4.500"))).multipleOf(pick(new BigDecimal("0.5"),
                    new BigDecimal("0.50"))).build();
        }
        if (random.nextInt(4) == 0) {
            k = k.toBuilder().precision(10).scale(2).format("date-time").uniqueItems(true).build();
        }
        if (random.nextInt(5) == 0) {
            k = k.toBuilder().constValue(F.textNode(word())).build();
        }
        List<JsonNode> examples = random.nextBoolean() ? List.of() : List.of(F.textNode(word()), F.numberNode(3));
        ElementDef e = new ElementDef(name, maybe("About " + name), type, c, random.nextBoolean(), k,
                maybe("https://schema.org/" + name), random.nextBoolean() ? Optional.empty()
                        : Optional.of(F.textNode(word())), examples, annotations("redcap."),
                random.nextBoolean() ? OptionalInt.of(1 + random.nextInt(500)) : OptionalInt.empty());
        return e;
    }

    private DataType dataType(List<String> typeNames, List<String> taxonomyNames, int depth) {
        int roll = random.nextInt(depth > 0 ? 7 : 9);
        PrimitiveKind[] kinds = PrimitiveKind.values();
        switch (roll) {
            case 0:
                return new DataType.TypeRef(typeNames.get(random.nextInt(typeNames.size())));
            case 1:
                return taxonomyNames.isEmpty() ? DataType.of(PrimitiveKind.STRING)
                        : new DataType.TaxonomyRef(taxonomyNames.get(random.nextInt(taxonomyNames.size())));
            case 2:
                return new DataType.Primitive(kinds[random.nextInt(kinds.length)], Optional.of("native_" + word()));
            case 7:
                return new DataType.Union(List.of(dataType(typeNames, taxonomyNames, depth + 1),
                        dataType(typeNames, taxonomyNames, depth + 1)));
            case 8:
                return new DataType.MapOf(dataType(typeNames, taxonomyNames, depth + 1));
            default:
                return DataType.of(kinds[random.nextInt(kinds.length)]);
        }
    }

    private TaxonomyDef taxonomy(String name) {
        List<Term> terms = new ArrayList<>();
        for (int i = 0; i < 1 + random.nextInt(4); i++) {
            // a label equal to the code reads back as no label, so labels always differ from codes
            terms.add(new Term("c" + i, maybe("Label " + word()), maybe("Means " + word()),
                    maybe("https://example.org/t/" + i)));
        }
        return new TaxonomyDef(name, maybe("The " + name), terms, maybe("https://example.org/" + name), provenance(),
                annotations("shex."));
    }

    private Provenance provenance() {
        if (random.nextBoolean()) {
            return Provenance.NONE;
        }
        return new Provenance(pick(FORMATS), maybe("file-" + word()), maybe("orig_" + word()));
    }

    private Map<String, String> annotations(String prefix) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < random.nextInt(3); i++) {
            out.put(prefix + word(), random.nextBoolean() ? word() : "{\"k\":[1,\"" + word() + "\"]}");
        }
        return out;
    }

    private Optional<String> maybe(String value) {
        return random.nextBoolean() ? Optional.of(value) : Optional.empty();
    }

    @SafeVarargs
    private <T> T pick(T... values) {
        return values[random.nextInt(values.length)];
    }

    private static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "omega", "sku", "price", "name", "ü-x",
        "mit space", "x.y", "über"};

    private String word() {
        return WORDS[random.nextInt(WORDS.length)] + random.nextInt(100);
    }
}
