package io.modelgraph.codec.protobuf;

import io.modelgraph.codec.ParserLimits;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.protobuf.ProtoAst.EnumDecl;
import io.modelgraph.codec.protobuf.ProtoAst.EnumValue;
import io.modelgraph.codec.protobuf.ProtoAst.Extend;
import io.modelgraph.codec.protobuf.ProtoAst.Field;
import io.modelgraph.codec.protobuf.ProtoAst.Import;
import io.modelgraph.codec.protobuf.ProtoAst.Message;
import io.modelgraph.codec.protobuf.ProtoAst.Oneof;
import io.modelgraph.codec.protobuf.ProtoAst.Option;
import io.modelgraph.codec.protobuf.ProtoAst.Service;
import io.modelgraph.codec.protobuf.ProtoLexer.Kind;
import io.modelgraph.codec.protobuf.ProtoLexer.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A recursive-descent parser for proto2, proto3 and Editions ({@code edition = "2023"}, {@code "2024"}) source
 * files, written from the Protocol Buffers language specification. It checks syntax, not semantics (type names
 * are resolved later by {@link ProtoResolver}). Errors name the file, line and column.
 */
final class ProtoParser {
    private final List<Token> tokens;
    private final String file;
    private int at;
    private int depth;
    private String syntax = "proto2";

    private ProtoParser(List<Token> tokens, String file) {
        this.tokens = tokens;
        this.file = file;
    }

    static ProtoAst.File parse(String text, String file) throws SchemaSyntaxException {
        ParserLimits.checkSize(text);
        return new ProtoParser(ProtoLexer.tokens(text, file), file).file();
    }

    private ProtoAst.File file() throws SchemaSyntaxException {
        Optional<String> edition = Optional.empty();
        String pkg = "";
        List<Import> imports = new ArrayList<>();
        List<Option> options = new ArrayList<>();
        List<Message> messages = new ArrayList<>();
        List<EnumDecl> enums = new ArrayList<>();
        List<Service> services = new ArrayList<>();
        List<Extend> extensions = new ArrayList<>();
        if (peek().is("syntax")) {
            next();
            expect("=");
            Token s = expectKind(Kind.STRING, "a syntax string");
            if (!s.text().equals("proto2") && !s.text().equals("proto3")) {
                throw error(s, "Unknown syntax '" + s.text() + "'; use \"proto2\" or \"proto3\" (or an edition).");
            }
            syntax = s.text();
            expect(";");
        } else if (peek().is("edition")) {
            next();
            expect("=");
            Token s = expectKind(Kind.STRING, "an edition string");
            edition = Optional.of(s.text());
            syntax = "editions";
            expect(";");
        }
        while (peek().kind() != Kind.EOF) {
            Token t = peek();
            if (t.is(";")) {
                next();
            } else if (t.is("package")) {
                next();
                pkg = fullIdent();
                expect(";");
            } else if (t.is("import")) {
                next();
                String modifier = "";
                if (peek().is("public") || peek().is("weak") || peek().is("option")) {
                    modifier = next().text();
                }
                Token path = expectKind(Kind.STRING, "an import path");
                imports.add(new Import(path.text(), modifier, where(path)));
                expect(";");
            } else if (t.is("option")) {
                options.add(optionStatement());
            } else if (isVisibility(t) && (peek(1).is("message") || peek(1).is("enum"))) {
                next();
            } else if (t.is("message")) {
                messages.add(message());
            } else if (t.is("enum")) {
                enums.add(enumeration());
            } else if (t.is("service")) {
                services.add(service());
            } else if (t.is("extend")) {
                extensions.add(extend());
            } else {
                throw error(t, "Expected a top-level declaration (package, import, option, message, enum, service,"
                        + " extend), found '" + t.text() + "'.");
            }
        }
        return new ProtoAst.File(file, syntax, edition, pkg, imports, options, messages, enums, services,
                extensions);
    }

    /** Edition 2024 symbol visibility. */
    private static boolean isVisibility(Token t) {
        return t.is("export") || t.is("local");
    }

    private Message message() throws SchemaSyntaxException {
        Token start = expect("message");
        Token name = ident();
        return messageBody(name.text(), start.comment(), where(start));
    }

    private Message messageBody(String name, String doc, String where) throws SchemaSyntaxException {
        enter();
        expect("{");
        List<Field> fields = new ArrayList<>();
        List<Message> messages = new ArrayList<>();
        List<EnumDecl> enums = new ArrayList<>();
        List<Option> options = new ArrayList<>();
        List<String> reserved = new ArrayList<>();
        List<String> ranges = new ArrayList<>();
        List<Extend> extensions = new ArrayList<>();
        List<Oneof> oneofs = new ArrayList<>();
        while (!peek().is("}")) {
            Token t = peek();
            if (t.kind() == Kind.EOF) {
                throw error(t, "Message '" + name + "' is not closed with '}'.");
            }
            if (t.is(";")) {
                next();
            } else if (t.is("option")) {
                options.add(optionStatement());
            } else if (isVisibility(t) && (peek(1).is("message") || peek(1).is("enum"))) {
                next();
            } else if (t.is("message") && peek(1).kind() == Kind.IDENT && peek(2).is("{")) {
                messages.add(message());
            } else if (t.is("enum") && peek(1).kind() == Kind.IDENT && peek(2).is("{")) {
                enums.add(enumeration());
            } else if (t.is("extend") && !peek(2).is("=")) {
                extensions.add(extend());
            } else if (t.is("extensions") && peek(1).kind() == Kind.INT) {
                next();
                ranges.addAll(ranges());
                if (peek().is("[")) {
                    fieldOptions();
                }
                expect(";");
            } else if (t.is("reserved") && !peek(1).is("=") && !peek(2).is("=")) {
                next();
                reserved.addAll(reserved());
                expect(";");
            } else if (t.is("oneof") && peek(1).kind() == Kind.IDENT && peek(2).is("{")) {
                next();
                Token oneofName = ident();
                expect("{");
                List<Option> oneofOptions = new ArrayList<>();
                while (!peek().is("}")) {
                    if (peek().is("option")) {
                        oneofOptions.add(optionStatement());
                    } else if (peek().is(";")) {
                        next();
                    } else {
                        field(Optional.of(oneofName.text()), fields, messages);
                    }
                }
                expect("}");
                oneofs.add(new Oneof(oneofName.text(), oneofOptions, t.comment()));
            } else {
                field(Optional.empty(), fields, messages);
            }
        }
        expect("}");
        depth--;
        return new Message(name, fields, messages, enums, options, reserved, ranges, extensions, oneofs, doc, where);
    }

    /** A field, a map field, or a proto2 group (which also declares a nested message). */
    private void field(Optional<String> oneof, List<Field> fields, List<Message> messages)
            throws SchemaSyntaxException {
        Token start = peek();
        String label = "";
        if (start.is("optional") || start.is("required") || start.is("repeated")) {
            if (!peek(1).is("=")) {
                label = next().text();
            }
        }
        if (peek().is("group") && peek(1).kind() == Kind.IDENT && peek(2).is("=")) {
            next();
            Token name = ident();
            expect("=");
            int number = fieldNumber();
            List<Option> options = peek().is("[") ? fieldOptions() : List.of();
            messages.add(messageBody(name.text(), start.comment(), where(name)));
            fields.add(new Field(label, name.text(), name.text().toLowerCase(java.util.Locale.ROOT), number,
                    options, start.comment(), oneof, Optional.empty(), true, where(start)));
            return;
        }
        Optional<String> mapKey = Optional.empty();
        String type;
        if (peek().is("map") && peek(1).is("<")) {
            next();
            next();
            mapKey = Optional.of(ident().text());
            expect(",");
            type = typeName();
            expect(">");
        } else {
            type = typeName();
        }
        Token name = ident();
        expect("=");
        int number = fieldNumber();
        List<Option> options = peek().is("[") ? fieldOptions() : List.of();
        expect(";");
        fields.add(new Field(label, type, name.text(), number, options, start.comment(), oneof, mapKey, false,
                where(start)));
    }

    private int fieldNumber() throws SchemaSyntaxException {
        Token n = expectKind(Kind.INT, "a field number");
        try {
            long v = Long.decode(n.text());
            if (v < 1 || v > 536_870_911) {
                throw error(n, "Field number " + v + " is outside 1..536870911.");
            }
            return (int) v;
        } catch (NumberFormatException e) {
            throw error(n, "'" + n.text() + "' is not a field number.");
        }
    }

    private EnumDecl enumeration() throws SchemaSyntaxException {
        Token start = expect("enum");
        Token name = ident();
        expect("{");
        List<EnumValue> values = new ArrayList<>();
        List<Option> options = new ArrayList<>();
        List<String> reserved = new ArrayList<>();
        while (!peek().is("}")) {
            Token t = peek();
            if (t.kind() == Kind.EOF) {
                throw error(t, "Enum '" + name.text() + "' is not closed with '}'.");
            }
            if (t.is(";")) {
                next();
            } else if (t.is("option") && !peek(1).is("=")) {
                options.add(optionStatement());
            } else if (t.is("reserved") && !peek(1).is("=")) {
                next();
                reserved.addAll(reserved());
                expect(";");
            } else {
                Token valueName = ident();
                expect("=");
                boolean negative = false;
                if (peek().is("-")) {
                    next();
                    negative = true;
                }
                Token number = expectKind(Kind.INT, "an enum value number");
                int n;
                try {
                    n = (int) (negative ? -Long.decode(number.text()) : Long.decode(number.text()));
                } catch (NumberFormatException e) {
                    throw error(number, "'" + number.text() + "' is not an enum value number.");
                }
                List<Option> valueOptions = peek().is("[") ? fieldOptions() : List.of();
                expect(";");
                values.add(new EnumValue(valueName.text(), n, valueOptions, valueName.comment()));
            }
        }
        expect("}");
        return new EnumDecl(name.text(), values, options, reserved, start.comment(), where(start));
    }

    private Service service() throws SchemaSyntaxException {
        Token start = expect("service");
        Token name = ident();
        expect("{");
        List<String> rpcs = new ArrayList<>();
        while (!peek().is("}")) {
            Token t = peek();
            if (t.kind() == Kind.EOF) {
                throw error(t, "Service '" + name.text() + "' is not closed with '}'.");
            }
            if (t.is(";")) {
                next();
            } else if (t.is("option")) {
                optionStatement();
            } else if (t.is("rpc")) {
                next();
                rpcs.add(ident().text());
                expect("(");
                if (peek().is("stream") && !peek(1).is(")")) {
                    next();
                }
                typeName();
                expect(")");
                expect("returns");
                expect("(");
                if (peek().is("stream") && !peek(1).is(")")) {
                    next();
                }
                typeName();
                expect(")");
                if (peek().is("{")) {
                    next();
                    while (!peek().is("}")) {
                        if (peek().is(";")) {
                            next();
                        } else {
                            optionStatement();
                        }
                    }
                    expect("}");
                } else {
                    expect(";");
                }
            } else {
                throw error(t, "Expected 'rpc' or 'option' in service '" + name.text() + "', found '" + t.text()
                        + "'.");
            }
        }
        expect("}");
        return new Service(name.text(), rpcs, where(start));
    }

    private Extend extend() throws SchemaSyntaxException {
        Token start = expect("extend");
        String extendee = typeName();
        expect("{");
        List<Field> fields = new ArrayList<>();
        List<Message> groups = new ArrayList<>();
        while (!peek().is("}")) {
            if (peek().kind() == Kind.EOF) {
                throw error(peek(), "'extend " + extendee + "' is not closed with '}'.");
            }
            if (peek().is(";")) {
                next();
            } else {
                field(Optional.empty(), fields, groups);
            }
        }
        expect("}");
        return new Extend(extendee, fields, where(start));
    }

    /** {@code 1, 5 to 9, 100 to max} for reserved and extension ranges; names as quoted strings or identifiers. */
    private List<String> reserved() throws SchemaSyntaxException {
        if (peek().kind() == Kind.STRING || peek().kind() == Kind.IDENT) {
            List<String> names = new ArrayList<>();
            do {
                Token n = peek().kind() == Kind.STRING ? next() : ident();
                names.add("\"" + n.text() + "\"");
            } while (accept(","));
            return names;
        }
        return ranges();
    }

    private List<String> ranges() throws SchemaSyntaxException {
        List<String> out = new ArrayList<>();
        do {
            String from = expectKind(Kind.INT, "a number").text();
            if (peek().is("to")) {
                next();
                String to = peek().is("max") ? next().text() : expectKind(Kind.INT, "a number or max").text();
                out.add(Long.decode(from) + " to " + (to.equals("max") ? "max" : String.valueOf(Long.decode(to))));
            } else {
                out.add(String.valueOf(Long.decode(from)));
            }
        } while (accept(","));
        return out;
    }

    private Option optionStatement() throws SchemaSyntaxException {
        expect("option");
        Option o = option();
        expect(";");
        return o;
    }

    private List<Option> fieldOptions() throws SchemaSyntaxException {
        expect("[");
        List<Option> out = new ArrayList<>();
        do {
            out.add(option());
        } while (accept(","));
        expect("]");
        return out;
    }

    /** {@code name = constant}, where the name may be {@code (full.ext).sub} and the constant an aggregate. */
    private Option option() throws SchemaSyntaxException {
        Token start = peek();
        StringBuilder name = new StringBuilder();
        do {
            if (accept("(")) {
                name.append('(').append(peek().is(".") ? next().text() : "").append(fullIdent()).append(')');
                expect(")");
            } else {
                name.append(ident().text());
            }
        } while (accept(".") && name.append('.') != null);
        expect("=");
        Token value = peek();
        if (value.is("{")) {
            return new Option(name.toString(), aggregate(), false, where(start));
        }
        if (value.kind() == Kind.STRING) {
            StringBuilder s = new StringBuilder();
            while (peek().kind() == Kind.STRING) {
                s.append(next().text());
            }
            return new Option(name.toString(), s.toString(), true, where(start));
        }
        String sign = "";
        if (peek().is("-") || peek().is("+")) {
            sign = next().text().equals("-") ? "-" : "";
        }
        Token v = next();
        if (v.kind() != Kind.IDENT && v.kind() != Kind.INT && v.kind() != Kind.FLOAT) {
            throw error(v, "Expected an option value, found '" + v.text() + "'.");
        }
        return new Option(name.toString(), sign + v.text(), false, where(start));
    }

    /** A text-format message literal, kept as its source text with single spaces between tokens. */
    private String aggregate() throws SchemaSyntaxException {
        StringBuilder out = new StringBuilder();
        int level = 0;
        do {
            Token t = next();
            if (t.kind() == Kind.EOF) {
                throw error(t, "An option value '{' is not closed.");
            }
            if (t.is("{") || t.is("[") || t.is("<")) {
                level++;
            } else if (t.is("}") || t.is("]") || t.is(">")) {
                level--;
            }
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(t.kind() == Kind.STRING ? quote(t.text()) : t.text());
        } while (level > 0);
        return out.toString();
    }

    static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\%03o", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** A type reference: {@code .a.b.C}, {@code a.b.C} or {@code C}. */
    private String typeName() throws SchemaSyntaxException {
        StringBuilder out = new StringBuilder();
        if (accept(".")) {
            out.append('.');
        }
        out.append(fullIdent());
        return out.toString();
    }

    private String fullIdent() throws SchemaSyntaxException {
        StringBuilder out = new StringBuilder(ident().text());
        while (peek().is(".") && peek(1).kind() == Kind.IDENT) {
            next();
            out.append('.').append(next().text());
        }
        return out.toString();
    }

    private Token ident() throws SchemaSyntaxException {
        Token t = next();
        if (t.kind() != Kind.IDENT) {
            throw error(t, "Expected a name, found '" + (t.kind() == Kind.EOF ? "end of file" : t.text()) + "'.");
        }
        return t;
    }

    private void enter() throws SchemaSyntaxException {
        if (++depth > ParserLimits.MAX_DEPTH) {
            throw error(peek(), "Messages nest deeper than " + ParserLimits.MAX_DEPTH + " levels.");
        }
    }

    private Token peek() {
        return tokens.get(at);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(at + ahead, tokens.size() - 1));
    }

    private Token next() {
        Token t = tokens.get(at);
        if (at < tokens.size() - 1) {
            at++;
        }
        return t;
    }

    private boolean accept(String symbol) {
        if (peek().is(symbol) && peek().kind() == Kind.SYMBOL) {
            next();
            return true;
        }
        return false;
    }

    private Token expect(String text) throws SchemaSyntaxException {
        Token t = next();
        if (!t.is(text)) {
            throw error(t, "Expected '" + text + "', found '" + (t.kind() == Kind.EOF ? "end of file" : t.text())
                    + "'.");
        }
        return t;
    }

    private Token expectKind(Kind kind, String what) throws SchemaSyntaxException {
        Token t = next();
        if (t.kind() != kind) {
            throw error(t, "Expected " + what + ", found '" + (t.kind() == Kind.EOF ? "end of file" : t.text())
                    + "'.");
        }
        return t;
    }

    private String where(Token t) {
        return (file.isEmpty() ? "" : file + ": ") + t.where();
    }

    private SchemaSyntaxException error(Token t, String message) {
        String where = where(t);
        return new SchemaSyntaxException(where, message + " (" + where + ")");
    }
}
