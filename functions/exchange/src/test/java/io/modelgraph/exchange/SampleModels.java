package io.modelgraph.exchange;

import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.List;
import java.util.Optional;

/** A small model touching every part the exchange formats carry. */
final class SampleModels {
    static SchemaModel people() {
        TypeDef agent = TypeDef.of("Agent", List.of(
                ElementDef.of("name", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED)))
                .toBuilder().description("Something that acts").build();
        TypeDef person = TypeDef.of("Person", List.of(
                ElementDef.of("name", DataType.of(PrimitiveKind.STRING), Cardinality.REQUIRED),
                ElementDef.of("age", DataType.of(PrimitiveKind.INTEGER), Cardinality.OPTIONAL)
                        .toBuilder().description("Age in years").build(),
                ElementDef.of("knows", new DataType.TypeRef("Person"), Cardinality.ANY_NUMBER),
                ElementDef.of("favourite colour", new DataType.TaxonomyRef("Color"), Cardinality.OPTIONAL)))
                .toBuilder().supertypes(List.of("Agent")).description("A human being")
                .mapsTo("https://schema.org/Person").build();
        TaxonomyDef color = TaxonomyDef.of("Color", List.of(Term.of("red"),
                new Term("green", Optional.of("Green"), Optional.empty(), Optional.empty())))
                .toBuilder().description("Colours").build();
        return SchemaModel.of("people", List.of(agent, person), List.of(color));
    }

    private SampleModels() {
    }
}
