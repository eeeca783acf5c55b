package io.modelgraph.codec.sql;

import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Small canonical models written for these tests: every kind, keys, a cycle of foreign keys, many values. */
final class Models {
    static ElementDef el(String name, PrimitiveKind kind, Cardinality c) {
        return ElementDef.of(name, DataType.of(kind), c);
    }

    /** A library: authors and books reference each other (a cycle), books have many tags and a genre. */
    static SchemaModel library() {
        TypeDef author = TypeDef.of("Author", List.of(
                el("id", PrimitiveKind.INTEGER, Cardinality.REQUIRED).withAnnotations(Map.of("sql.identity", "true")),
                el("name", PrimitiveKind.STRING, Cardinality.REQUIRED).withConstraints(
                        Constraints.NONE.withLength(null, 80L)).withDescription("Full name, as printed"),
                el("favourite_book", PrimitiveKind.INTEGER, Cardinality.OPTIONAL)))
                .withKeys(List.of(KeyDef.primary(List.of("id")))).withDescription("Someone who writes");
        TypeDef book = TypeDef.of("Book", List.of(
                el("id", PrimitiveKind.INTEGER, Cardinality.REQUIRED),
                el("isbn", PrimitiveKind.STRING, Cardinality.REQUIRED).withConstraints(
                        Constraints.NONE.withLength(null, 13L)),
                el("author", PrimitiveKind.INTEGER, Cardinality.REQUIRED),
                el("price", PrimitiveKind.DECIMAL, Cardinality.OPTIONAL).withConstraints(
                        Constraints.NONE.withPrecision(8, 2).withRange(BigDecimal.ZERO, null)),
                el("weight", PrimitiveKind.NUMBER, Cardinality.OPTIONAL),
                el("inPrint", PrimitiveKind.BOOLEAN, Cardinality.REQUIRED).withDefault(
                        com.fasterxml.jackson.databind.node.BooleanNode.TRUE),
                el("published", PrimitiveKind.DATE, Cardinality.OPTIONAL),
                el("updated", PrimitiveKind.DATETIME, Cardinality.OPTIONAL),
                el("opens", PrimitiveKind.TIME, Cardinality.OPTIONAL),
                el("cover", PrimitiveKind.BINARY, Cardinality.OPTIONAL),
                el("uid", PrimitiveKind.UUID, Cardinality.OPTIONAL),
                el("site", PrimitiveKind.URI, Cardinality.OPTIONAL),
                el("extra", PrimitiveKind.ANY, Cardinality.OPTIONAL),
                ElementDef.of("genre", new DataType.TaxonomyRef("Genre"), Cardinality.OPTIONAL),
                el("tags", PrimitiveKind.STRING, Cardinality.ANY_NUMBER).withConstraints(
                        Constraints.NONE.withLength(null, 30L))))
                .withKeys(List.of(KeyDef.primary(List.of("id")), KeyDef.unique(List.of("isbn"))))
                .withNamespace("catalog");
        TypeDef order = TypeDef.of("order", List.of(
                el("number", PrimitiveKind.INTEGER, Cardinality.REQUIRED),
                ElementDef.of("book", new DataType.TypeRef("Book"), Cardinality.REQUIRED),
                el("select", PrimitiveKind.STRING, Cardinality.OPTIONAL)))
                .withKeys(List.of(KeyDef.primary(List.of("number"))));
        TaxonomyDef genre = TaxonomyDef.of("Genre", List.of(Term.of("fiction"), Term.of("poetry"), Term.of("it's")));
        return SchemaModel.of("library", List.of(order, book, author), List.of(genre)).withRelationships(List.of(
                Relationship.foreignKey("Book", List.of("author"), "Author", List.of("id"), true)
                        .withName("fk_book_author"),
                Relationship.foreignKey("Author", List.of("favourite_book"), "Book", List.of("id"), false)));
    }

    private Models() {
    }
}
