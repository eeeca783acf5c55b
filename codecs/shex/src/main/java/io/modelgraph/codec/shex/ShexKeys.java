package io.modelgraph.codec.shex;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/**
 * The annotation keys this codec keeps on the model so a ShEx schema re-exports whole (docs/formats/shex.md):
 * what the canonical model has no field for. Carried ShExJ fragments are JSON text.
 */
final class ShexKeys {
    private static final String FORMAT = "shex";

    /** Model: the {@code BASE} IRI. */
    static final String BASE = "shex.base";
    /** Model: the {@code IMPORT}ed schemas (ShExJ). */
    static final String IMPORTS = "shex.imports";
    /** Model: the start actions (ShExJ). */
    static final String START_ACTS = "shex.startActs";
    /** Model: a {@code start} the model's root type cannot say (an inline shape expression, ShExJ). */
    static final String START = "shex.start";
    /** Type: the shape's label IRI. */
    static final String ID = "shex.id";
    /** Type: the label as written (prefixed or relative). */
    static final String LABEL = "shex.label";
    /** Type: a declaration that is not a plain shape (ShExJ). */
    static final String SHAPE_EXPR = "shex.shapeExpr";
    /** Type: {@code CLOSED}. */
    static final String CLOSED = "shex.closed";
    /** Type: the {@code EXTRA} predicates (ShExJ). */
    static final String EXTRA = "shex.extra";
    /** Type: a triple expression the elements cannot say (groups, {@code OneOf}, inclusions; ShExJ). */
    static final String EXPRESSION = "shex.expression";
    /** Type and element: semantic actions (ShExJ). */
    static final String SEM_ACTS = "shex.semActs";
    /** Type and element: annotations (ShExJ). */
    static final String ANNOTATIONS = "shex.annotations";
    /** Type: a nested shape {@code { … }} given a type of its own. */
    static final String NESTED = "shex.nested";
    /** Element: the predicate as written (prefixed form). */
    static final String PREDICATE = "shex.predicate";
    /** Element: an inverse ({@code ^}) triple constraint. */
    static final String INVERSE = "shex.inverse";
    /** Element: the triple constraint's {@code $label}. */
    static final String TRIPLE_EXPR_ID = "shex.tripleExprId";
    /** Element: a value expression the element's type cannot say (ShExJ). */
    static final String VALUE_EXPR = "shex.valueExpr";
    /** Element: the regular expression's flags. */
    static final String FLAGS = "shex.flags";
    /** Element: {@code LENGTH} was written (not {@code MINLENGTH} and {@code MAXLENGTH}). */
    static final String LENGTH = "shex.length";
    /** Taxonomy: the value set as ShExJ values. */
    static final String VALUES = "shex.values";

    /** The facts above as typed keys, declared by {@link ShexFormat#extensions()}. */
    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.text(FORMAT, fact(BASE), "the BASE IRI"),
                ExtensionKey.json(FORMAT, fact(IMPORTS), "the imported schemas"),
                ExtensionKey.json(FORMAT, fact(START_ACTS), "the start actions"),
                ExtensionKey.json(FORMAT, fact(START), "a start the root type cannot say"),
                ExtensionKey.text(FORMAT, fact(ID), "a shape's label IRI"),
                ExtensionKey.text(FORMAT, fact(LABEL), "a shape's label as written"),
                ExtensionKey.json(FORMAT, fact(SHAPE_EXPR), "a declaration that is not a plain shape"),
                ExtensionKey.flag(FORMAT, fact(CLOSED), "a CLOSED shape"),
                ExtensionKey.json(FORMAT, fact(EXTRA), "a shape's EXTRA predicates"),
                ExtensionKey.json(FORMAT, fact(EXPRESSION), "a triple expression the elements cannot say"),
                ExtensionKey.json(FORMAT, fact(SEM_ACTS), "semantic actions of a shape or triple constraint"),
                ExtensionKey.json(FORMAT, fact(ANNOTATIONS), "annotations of a shape or triple constraint"),
                ExtensionKey.flag(FORMAT, fact(NESTED), "a nested shape given a type of its own"),
                ExtensionKey.text(FORMAT, fact(PREDICATE), "a predicate as written"),
                ExtensionKey.flag(FORMAT, fact(INVERSE), "an inverse (^) triple constraint"),
                ExtensionKey.text(FORMAT, fact(TRIPLE_EXPR_ID), "a triple constraint's $label"),
                ExtensionKey.json(FORMAT, fact(VALUE_EXPR), "a value expression the type cannot say"),
                ExtensionKey.text(FORMAT, fact(FLAGS), "a regular expression's flags"),
                ExtensionKey.flag(FORMAT, fact(LENGTH), "LENGTH written rather than MINLENGTH and MAXLENGTH"),
                ExtensionKey.json(FORMAT, fact(VALUES), "a value set as written"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private ShexKeys() {
    }
}
