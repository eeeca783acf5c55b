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
                el("id", PrimitiveKind.INTEGER, Cardinality.REQUIRED).toBuilder()
                        .annotations(Map.of("sql.identity", "true")).build(),
                el("name", PrimitiveKind.STRING, Cardinality.REQUIRED).toBuilder().constraints(Constraints.builder()
                        .maxLength(80L).build()).description("Full name, as printed").build(),
                el("favourite_book", PrimitiveKind.INTEGER, Cardinality.OPTIONAL)))
                .toBuilder().keys(List.of(KeyDef.primary(List.of("id")))).description("Someone who writes").build();
        TypeDef book = TypeDef.of("Book", List.of(
                el("id", PrimitiveKind.INTEGER, Cardinality.REQUIRED),
                el("isbn", PrimitiveKind.STRING, Cardinality.REQUIRED).toBuilder().constraints(Constraints.builder()
                        .maxLength(13L).build()).build(),
                el("author", PrimitiveKind.INTEGER, Cardinality.REQUIRED),
                el("price", PrimitiveKind.DECIMAL, Cardinality.OPTIONAL).toBuilder().constraints(Constraints.builder()
                        .precision(8).scale(2).minimum(BigDecimal.ZERO).build()).build(),
                el("weight", PrimitiveKind.NUMBER, Cardinality.OPTIONAL),
                el("inPrint", PrimitiveKind.BOOLEAN, Cardinality.REQUIRED).toBuilder()
                        .defaultValue(com.fasterxml.jackson.databind.node.BooleanNode.TRUE).build(),
                el("published", PrimitiveKind.DATE, Cardinality.OPTIONAL),
                el("updated", PrimitiveKind.DATETIME, Cardinality.OPTIONAL),
                el("opens", PrimitiveKind.TIME, Cardinality.OPTIONAL),
                el("cover", PrimitiveKind.BINARY, Cardinality.OPTIONAL),
                el("uid", PrimitiveKind.UUID, Cardinality.OPTIONAL),
                el("site", PrimitiveKind.URI, Cardinality.OPTIONAL),
                el("extra", PrimitiveKind.ANY, Cardinality.OPTIONAL),
                ElementDef.of("genre", new DataType.TaxonomyRef("Genre"), Cardinality.OPTIONAL),
                el("tags", PrimitiveKind.STRING, Cardinality.ANY_NUMBER).toBuilder().constraints(Constraints.builder()
                        .maxLength(30L).build()).build()))
                .toBuilder().keys(List.of(KeyDef.primary(List.of("id")), KeyDef.unique(List.of("isbn"))))
                .namespace("catalog").build();
        TypeDef order = TypeDef.of("order", List.of(
                el("number", PrimitiveKind.INTEGER, Cardinality.REQUIRED),
                ElementDef.of("book", new DataType.TypeRef("Book"), Cardinality.REQUIRED),
                el("select", PrimitiveKind.STRING, Cardinality.OPTIONAL)))
                .toBuilder().keys(List.of(KeyDef.primary(List.of("number")))).build();
        TaxonomyDef genre = TaxonomyDef.of("Genre", List.of(Term.of("fiction"), Term.of("poetry"), Term.of("it's")));
        return SchemaModel.of("library", List.of(order, book, author), List.of(genre)).toBuilder()
                .relationships(List.of(
                Relationship.foreignKey("Book", List.of("author"), "Author", List.of("id"), true)
                        .toBuilder().name("fk_book_author").build(),
                Relationship.foreignKey("Author", List.of("favourite_book"), "Book", List.of("id"), false))).build();
    }


    /** A name of {@code bytes} UTF-8 bytes: "é" (two bytes) repeated after a distinguishing ASCII prefix. */
    static String longName(String prefix, int bytes) {
        StringBuilder b = new StringBuilder(prefix);
        while (b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 2 <= bytes) {
            b.append('é');
        }
        return b.toString();
    }

    /**
     * Names the engines cannot store as they are: two tables whose 80-byte names share their first 63 bytes
     * (PostgreSQL's limit), one referring to the other by a key column as long, and columns that differ only by
     * case (SQLite tells them apart nowhere).
     */
    static SchemaModel awkwardNames() {
        String longColumn = longName("key_", 80);
        TypeDef first = TypeDef.of(longName("T", 78) + "_1", List.of(
                el(longColumn, PrimitiveKind.INTEGER, Cardinality.REQUIRED),
                el("PREFIX", PrimitiveKind.STRING, Cardinality.REQUIRED),
                el("prefix", PrimitiveKind.INTEGER, Cardinality.OPTIONAL)))
                .toBuilder().keys(List.of(KeyDef.primary(List.of(longColumn)))).build();
        TypeDef second = TypeDef.of(longName("T", 78) + "_2", List.of(
                el("id", PrimitiveKind.INTEGER, Cardinality.REQUIRED),
                ElementDef.of("first", new DataType.TypeRef(first.name()), Cardinality.OPTIONAL)))
                .toBuilder().keys(List.of(KeyDef.primary(List.of("id")))).build();
        return SchemaModel.of("awkward", List.of(second, first), List.of());
    }

    /**
     * A diamond of supertypes (after ShEx's EXTENDS tests): the root has {@code p} optional and many-valued, a
     * nearer supertype narrows it to exactly one, and the leaf inherits it through both.
     */
    static SchemaModel narrowedInheritance() {
        TypeDef root = TypeDef.of("Root", List.of(el("p", PrimitiveKind.STRING, Cardinality.ANY_NUMBER),
                el("q", PrimitiveKind.INTEGER, Cardinality.OPTIONAL)));
        TypeDef middle = TypeDef.of("Middle", List.of()).toBuilder().supertypes(List.of("Root")).build();
        TypeDef narrow = TypeDef.of("Narrow", List.of(el("p", PrimitiveKind.STRING, Cardinality.REQUIRED)))
                .toBuilder().supertypes(List.of("Middle")).build();
        TypeDef other = TypeDef.of("Other", List.of(el("q", PrimitiveKind.INTEGER, Cardinality.OPTIONAL)));
        TypeDef leaf = TypeDef.of("Leaf", List.of()).toBuilder().supertypes(List.of("Narrow", "Other")).build();
        return SchemaModel.of("narrowed", List.of(root, middle, narrow, other, leaf), List.of());
    }
    private Models() {
    }
}
