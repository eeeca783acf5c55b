package io.modelgraph.codec.sql;

import io.modelgraph.codec.SchemaSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a column's type as the dialects write it: multi-word names ({@code double precision},
 * {@code character varying}, {@code timestamp(3) with time zone}, {@code int unsigned}), arguments
 * ({@code (10,2)}, {@code (max)}, {@code ('a','b')}), PostgreSQL arrays ({@code int[]}, {@code int array}) and
 * BigQuery's {@code ARRAY<…>} and {@code STRUCT<…>}.
 */
final class TypeNames {
    private static final Set<String> SUFFIXES = Set.of("PRECISION", "VARYING", "UNSIGNED", "SIGNED", "ZEROFILL");
    private static final Set<String> INTERVAL_PARTS = Set.of("YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND",
            "TO");

    static boolean isTypeWord(String upper) {
        return TypeMapping.knows(upper);
    }

    /** The type after a column name; empty when a clause or the end follows (SQLite lets a column omit it). */
    static Optional<Parsed.SqlType> read(Cursor c) throws SchemaSyntaxException {
        Token first = c.peek();
        if (!first.isName() || (first.kind() == Token.Kind.WORD && startsClause(c))) {
            return Optional.empty();
        }
        List<String> parts = c.qualifiedName("a type name");
        String base = parts.get(parts.size() - 1).toUpperCase(java.util.Locale.ROOT);
        StringBuilder written = new StringBuilder(String.join(".", parts));
        List<String> args = new ArrayList<>();
        Optional<String> element = Optional.empty();
        boolean array = false;
        if ((base.equals("ARRAY") || base.equals("STRUCT") || base.equals("MAP")) && c.peek().isSymbol("<")) {
            String inside = Cursor.text(c.group());
            written.append('<').append(inside).append('>');
            if (base.equals("ARRAY")) {
                array = true;
                element = Optional.of(inside);
            }
        }
        base = words(c, base, written);
        if (c.peek().isSymbol("(")) {
            List<Token> inside = c.group();
            written.append('(').append(Cursor.text(inside)).append(')');
            args = arguments(inside);
            base = words(c, base, written);
        }
        while (c.peek().isSymbol("[")) {
            c.next();
            while (!c.atEnd() && !c.peek().isSymbol("]")) {
                c.next();
            }
            if (!c.acceptSymbol("]")) {
                throw c.error("Expected ']' closing the array type.");
            }
            written.append("[]");
            array = true;
        }
        if (c.peek().is("ARRAY") && !c.peek(1).isSymbol("<")) {
            c.next();
            written.append(" ARRAY");
            array = true;
            if (c.peek().isSymbol("[")) {
                while (!c.atEnd() && !c.next().isSymbol("]")) {
                    // ARRAY[4]: the size is not enforced by PostgreSQL either
                }
            }
        }
        return Optional.of(new Parsed.SqlType(base, args, array, element, written.toString()));
    }

    /** Words that continue a type name; the base grows to the canonical multi-word spelling. */
    private static String words(Cursor c, String base, StringBuilder written) {
        String prev = base;
        while (c.peek().kind() == Token.Kind.WORD) {
            String w = c.peek().upper();
            boolean more = SUFFIXES.contains(w)
                    || ((w.equals("WITH") || w.equals("WITHOUT")) && (c.peek(1).is("TIME") || c.peek(1).is("LOCAL")))
                    || (w.equals("LOCAL") && (prev.endsWith("WITH") || prev.endsWith("WITHOUT")))
                    || (w.equals("TIME") && (prev.endsWith("WITH") || prev.endsWith("WITHOUT") || prev.endsWith("LOCAL")))
                    || (w.equals("ZONE") && prev.endsWith("TIME"))
                    || (base.equals("LONG") && (w.equals("RAW") || w.equals("VARCHAR") || w.equals("VARBINARY")))
                    || ((base.equals("CHARACTER") || base.equals("NATIONAL") || base.equals("CHAR")
                            || base.equals("NCHAR")) && (w.equals("LARGE") || w.equals("CHARACTER")
                                    || w.equals("CHAR")))
                    || (w.equals("OBJECT") && prev.endsWith("LARGE"))
                    || (base.startsWith("INTERVAL") && INTERVAL_PARTS.contains(w));
            if (!more) {
                return base;
            }
            c.next();
            written.append(' ').append(c.peek(-1).text());
            prev = base + " " + w;
            base = prev;
        }
        return base;
    }

    private static List<String> arguments(List<Token> inside) {
        List<String> args = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        for (Token t : inside) {
            if (t.isSymbol("(")) {
                depth++;
            } else if (t.isSymbol(")")) {
                depth--;
            }
            if (depth == 0 && t.isSymbol(",")) {
                args.add(current.toString().trim());
                current.setLength(0);
            } else {
                current.append(current.length() == 0 ? "" : " ").append(t.kind() == Token.Kind.STRING ? t.text()
                        : t.text());
            }
        }
        if (current.length() > 0) {
            args.add(current.toString().trim());
        }
        return args;
    }

    /** A column clause keyword where a type would be (SQLite: {@code id PRIMARY KEY}). */
    private static boolean startsClause(Cursor c) {
        Token t = c.peek();
        return (t.is("NOT") && c.peek(1).is("NULL")) || t.is("NULL") || t.is("PRIMARY") || t.is("UNIQUE")
                || t.is("REFERENCES") || t.is("CHECK") || t.is("DEFAULT") || t.is("CONSTRAINT") || t.is("COLLATE")
                || (t.is("AS") && c.peek(1).isSymbol("(")) || t.is("GENERATED");
    }

    private TypeNames() {
    }
}
