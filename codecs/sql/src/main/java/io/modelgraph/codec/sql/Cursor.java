package io.modelgraph.codec.sql;

import io.modelgraph.codec.SchemaSyntaxException;
import java.util.ArrayList;
import java.util.List;

/** Walks the tokens of one statement; errors name the line and column of the offending token. */
final class Cursor {
    private final List<Token> tokens;
    private int at;

    Cursor(Statement statement) {
        this.tokens = statement.tokens();
    }

    boolean atEnd() {
        return at >= tokens.size();
    }

    Token peek() {
        return peek(0);
    }

    /** The token {@code ahead} positions on, or an end marker placed after the last token. */
    Token peek(int ahead) {
        int i = at + ahead;
        if (i < tokens.size()) {
            return tokens.get(i);
        }
        Token last = tokens.get(tokens.size() - 1);
        return new Token(Token.Kind.SYMBOL, "", last.line(), last.column() + last.source().length());
    }

    Token next() {
        Token t = peek();
        at++;
        return t;
    }

    boolean accept(String... words) {
        for (int i = 0; i < words.length; i++) {
            if (!peek(i).is(words[i])) {
                return false;
            }
        }
        at += words.length;
        return true;
    }

    boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            at++;
            return true;
        }
        return false;
    }

    void expectSymbol(String symbol, String what) throws SchemaSyntaxException {
        if (!acceptSymbol(symbol)) {
            throw error("Expected '" + symbol + "' " + what + ", found " + describe(peek()) + ".");
        }
    }

    String name(String what) throws SchemaSyntaxException {
        Token t = peek();
        if (!t.isName()) {
            throw error("Expected " + what + ", found " + describe(t) + ".");
        }
        at++;
        return t.text();
    }

    /**
     * A possibly qualified name ({@code a.b.c}); BigQuery project names may contain hyphens
     * ({@code my-project.dataset.table}). Returns the parts in order.
     */
    List<String> qualifiedName(String what) throws SchemaSyntaxException {
        List<String> parts = new ArrayList<>();
        parts.add(hyphenated(what));
        while (peek().isSymbol(".") && (peek(1).isName() || peek(1).kind() == Token.Kind.NUMBER)) {
            at++;
            parts.add(hyphenated(what));
        }
        return parts;
    }

    private String hyphenated(String what) throws SchemaSyntaxException {
        Token first = peek();
        if (!first.isName()) {
            throw error("Expected " + what + ", found " + describe(first) + ".");
        }
        at++;
        StringBuilder b = new StringBuilder(first.text());
        Token prev = first;
        while (first.kind() == Token.Kind.WORD && peek().isSymbol("-") && adjacent(prev, peek())
                && (peek(1).kind() == Token.Kind.WORD || peek(1).kind() == Token.Kind.NUMBER)
                && adjacent(peek(), peek(1))) {
            b.append('-').append(peek(1).text());
            prev = peek(1);
            at += 2;
        }
        return b.toString();
    }

    private static boolean adjacent(Token a, Token b) {
        return a.line() == b.line() && a.column() + a.text().length() == b.column();
    }

    /**
     * The tokens of a balanced group starting at '(' (or '<' for BigQuery types), returned without the outer
     * brackets; an unclosed group is an error at its opening.
     */
    List<Token> group() throws SchemaSyntaxException {
        Token open = next();
        String close = open.text().equals("<") ? ">" : ")";
        int depth = 1;
        List<Token> inside = new ArrayList<>();
        while (!atEnd()) {
            Token t = next();
            if (t.isSymbol(open.text())) {
                depth++;
            } else if (t.isSymbol(close) || (close.equals(">") && t.isSymbol(">>"))) {
                depth--;
                if (depth == 0) {
                    return inside;
                }
            }
            inside.add(t);
        }
        throw new SchemaSyntaxException(open.where(), "The '" + open.text() + "' opened here is never closed.");
    }

    /** Skips one token, or a whole balanced group when it opens one. */
    String skipOne() throws SchemaSyntaxException {
        if (peek().isSymbol("(")) {
            return "(" + text(group()) + ")";
        }
        return next().source();
    }

    /** Column names of a key: {@code (a, b DESC, c(10))}. */
    List<String> columnList() throws SchemaSyntaxException {
        expectSymbol("(", "before the column list");
        List<String> names = new ArrayList<>();
        while (true) {
            names.add(name("a column name"));
            while (!peek().isSymbol(",") && !peek().isSymbol(")")) {
                if (atEnd()) {
                    throw error("The column list is never closed.");
                }
                skipOne();
            }
            if (acceptSymbol(")")) {
                return names;
            }
            next();
        }
    }

    SchemaSyntaxException error(String message) {
        return new SchemaSyntaxException(peek().where(), message);
    }

    static String describe(Token t) {
        return t.text().isEmpty() && t.kind() == Token.Kind.SYMBOL ? "the end of the statement" : "'" + t.source()
                + "'";
    }

    static String text(List<Token> tokens) {
        StringBuilder b = new StringBuilder();
        Token prev = null;
        for (Token t : tokens) {
            if (prev != null && !(t.isSymbol(")") || t.isSymbol(",") || t.isSymbol(".") || prev.isSymbol("(")
                    || prev.isSymbol(".") || t.isSymbol("::") || prev.isSymbol("::")
                    || (t.isSymbol("(") && prev.kind() == Token.Kind.WORD))) {
                b.append(' ');
            }
            b.append(t.source());
            prev = t;
        }
        return b.toString();
    }
}
