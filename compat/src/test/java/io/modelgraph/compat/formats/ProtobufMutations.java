package io.modelgraph.compat.formats;

import io.modelgraph.codec.protobuf.ProtoJsonNames;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Generated version pairs of a {@code .proto} file: each kind of change the protobuf rules must judge (the kinds
 * the Avro agreement test applies, in protobuf's terms, plus field numbers, {@code oneof} moves, reserved
 * numbers and names, JSON names and enum values), applied to the text at up to {@link #SITES} field or enum value
 * declarations in document order. Line based: one declaration a line, as the corpus writes them; a change that
 * does not compile is left out by the test, which compiles every version with buf first.
 */
final class ProtobufMutations {
    static final int SITES = 3;
    private static final Pattern FIELD = Pattern.compile("^(\\s*)(optional |repeated |required )?([A-Za-z_][\\w.]*)"
            + " ([A-Za-z_]\\w*)\\s*=\\s*(\\d+)\\s*(\\[[^\\]]*\\])?\\s*;(.*)$");
    private static final Pattern VALUE = Pattern.compile("^(\\s*)([A-Za-z_]\\w*)\\s*=\\s*(-?\\d+)\\s*(\\[[^\\]]*\\])?"
            + "\\s*;(.*)$");
    private static final Pattern OPENS = Pattern.compile("^\\s*(message|enum|oneof|service|extend)\\b");
    private static final Map<String, String> WIDER = Map.of("int32", "int64", "uint32", "uint64", "sint32",
            "sint64", "fixed32", "fixed64", "float", "double");
    private static final Map<String, String> NARROWER = Map.of("int64", "int32", "uint64", "uint32", "sint64",
            "sint32", "fixed64", "fixed32", "double", "float");
    private static final List<String> SCALARS = List.of("double", "float", "int32", "int64", "uint32", "uint64",
            "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "bool", "string", "bytes");

    record Mutation(String kind, int site, String text) {
    }

    /** A field or enum value declaration: its line index and what the pattern read. */
    private record Site(int line, Matcher m) {
    }

    /** A message or enum definition: its name and first and last line. */
    private record Block(String kind, String name, int first, int last) {
    }

    private ProtobufMutations() {
    }

    static List<Mutation> of(String text) {
        String[] lines = text.split("\n", -1);
        String syntax = text.contains("syntax = \"proto3\"") || text.contains("syntax = 'proto3'") ? "proto3"
                : text.matches("(?s).*\\bedition\\s*=.*") ? "editions" : "proto2";
        List<Site> fields = new ArrayList<>();
        List<Site> values = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        scan(lines, fields, values, blocks);
        List<Mutation> out = new ArrayList<>();
        String label = syntax.equals("proto2") ? "optional " : "";
        on(out, lines, fields, "add-field", s -> List.of(s.m().group(), s.m().group(1) + label
                + "int32 mg_added = 9999;"));
        on(out, lines, fields, "remove-field", s -> List.of());
        on(out, lines, fields, "remove-field-reserving-number-and-name", s -> syntax.equals("editions") ? null
                : List.of(s.m().group(1) + "reserved " + s.m().group(5) + ";", s.m().group(1) + "reserved \""
                        + s.m().group(4) + "\";"));
        on(out, lines, fields, "remove-field-reserving-number", s -> List.of(s.m().group(1) + "reserved "
                + s.m().group(5) + ";"));
        on(out, lines, fields, "widen-type", s -> retype(s, WIDER.get(s.m().group(3))));
        on(out, lines, fields, "narrow-type", s -> retype(s, NARROWER.get(s.m().group(3))));
        on(out, lines, fields, "change-signedness", s -> retype(s, switch (s.m().group(3)) {
            case "int32" -> "uint32";
            case "int64" -> "uint64";
            case "fixed32" -> "sfixed32";
            default -> null;
        }));
        on(out, lines, fields, "change-type", s -> retype(s, switch (s.m().group(3)) {
            case "string", "bytes" -> "int32";
            case "int32", "int64", "uint32", "uint64", "bool", "double", "float" -> "string";
            default -> null;
        }));
        on(out, lines, fields, "string-to-bytes", s -> retype(s, s.m().group(3).equals("string") ? "bytes"
                : null));
        on(out, lines, fields, "rename-field", s -> List.of(rename(s, null)));
        on(out, lines, fields, "rename-field-keeping-json-name", s -> s.m().group(6) != null ? null
                : List.of(rename(s, ProtoJsonNames.of(s.m().group(4)))));
        on(out, lines, fields, "renumber-field", s -> List.of(s.m().group().replaceFirst("=\\s*" + s.m().group(5)
                + "\\b", "= 9998")));
        on(out, lines, fields, "move-into-oneof", s -> {
            String l = s.m().group(2);
            if ((l != null && !(l.equals("optional ") && syntax.equals("proto2"))) || !SCALARS.contains(s.m()
                    .group(3))) {
                return null;
            }
            String ind = s.m().group(1);
            return List.of(ind + "oneof mg_choice {", ind + "  " + s.m().group().strip().replaceFirst("^optional ",
                    ""), ind + "}");
        });
        on(out, lines, fields, "make-repeated", s -> {
            String l = s.m().group(2);
            if (l != null && !l.equals("optional ") || !SCALARS.contains(s.m().group(3)) || s.m().group(6) != null
                    || syntax.equals("editions")) {
                return null;
            }
            return List.of(s.m().group(1) + "repeated " + s.m().group().strip().replaceFirst("^optional ", ""));
        });
        on(out, lines, values, "add-enum-value", s -> List.of(s.m().group(), s.m().group(1) + "MG_ADDED = 9999;"));
        on(out, lines, values, "remove-enum-value", s -> s.m().group(3).equals("0") ? null : List.of());
        on(out, lines, values, "remove-enum-value-reserving-number", s -> s.m().group(3).equals("0") ? null
                : List.of(s.m().group(1) + "reserved " + s.m().group(3) + ";"));
        on(out, lines, values, "rename-enum-value", s -> List.of(s.m().group().replaceFirst("\\b" + s.m().group(2)
                + "\\b", s.m().group(2) + "_RENAMED")));
        // a message or enum no other declaration names (deleting a named one would not compile)
        for (String kind : List.of("message", "enum")) {
            int made = 0;
            for (int i = 0; i < blocks.size() && made < SITES; i++) {
                Block b = blocks.get(i);
                Matcher uses = Pattern.compile("\\b" + Pattern.quote(b.name()) + "\\b").matcher(text);
                int count = 0;
                while (uses.find()) {
                    count++;
                }
                if (!b.kind().equals(kind) || count != 1) {
                    continue;
                }
                List<String> changed = new ArrayList<>(List.of(lines).subList(0, b.first()));
                changed.addAll(List.of(lines).subList(b.last() + 1, lines.length));
                out.add(new Mutation("delete-" + kind, i, String.join("\n", changed)));
                made++;
            }
        }
        return out;
    }

    /** Field and enum value declarations, each in the block it belongs to (fields of messages, values of enums). */
    private static void scan(String[] lines, List<Site> fields, List<Site> values, List<Block> definitions) {
        Deque<String> blocks = new ArrayDeque<>();
        Deque<Block> open = new ArrayDeque<>();
        Pattern named = Pattern.compile("^\\s*(message|enum)\\s+([A-Za-z_]\\w*)\\s*\\{\\s*$");
        boolean comment = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String code = line.replaceAll("//.*", "").replaceAll("\"[^\"]*\"", "\"\"");
            if (comment) {
                if (!code.contains("*/")) {
                    continue;
                }
                comment = false;
                code = code.substring(code.indexOf("*/") + 2);
            }
            if (code.contains("/*") && !code.contains("*/")) {
                comment = true;
            }
            String block = blocks.isEmpty() ? "" : blocks.peek();
            if (block.equals("message")) {
                Matcher m = FIELD.matcher(line);
                if (m.matches() && !List.of("reserved", "option", "extensions").contains(m.group(3))
                        && !m.group(7).contains("{")) {
                    fields.add(new Site(i, m));
                }
            } else if (block.equals("enum")) {
                Matcher m = VALUE.matcher(line);
                if (m.matches() && !m.group(2).equals("option") && !m.group(5).contains("{")) {
                    values.add(new Site(i, m));
                }
            }
            Matcher opens = OPENS.matcher(code);
            String kind = opens.find() ? opens.group(1) : "other";
            Matcher definition = named.matcher(code);
            for (char c : code.toCharArray()) {
                if (c == '{') {
                    blocks.push(kind);
                    open.push(definition.matches() && kind.equals(definition.group(1))
                            ? new Block(kind, definition.group(2), i, -1) : new Block("other", "", i, -1));
                    kind = "other";
                } else if (c == '}' && !blocks.isEmpty()) {
                    blocks.pop();
                    Block b = open.pop();
                    if (!b.kind().equals("other") && code.trim().equals("}")) {
                        definitions.add(new Block(b.kind(), b.name(), b.first(), i));
                    }
                }
            }
        }
    }

    private static void on(List<Mutation> out, String[] lines, List<Site> sites, String kind,
            Function<Site, List<String>> change) {
        int made = 0;
        for (int i = 0; i < sites.size() && made < SITES; i++) {
            Site s = sites.get(i);
            List<String> replacement = change.apply(s);
            if (replacement == null) {
                continue;
            }
            List<String> changed = new ArrayList<>(List.of(lines).subList(0, s.line()));
            changed.addAll(replacement);
            changed.addAll(List.of(lines).subList(s.line() + 1, lines.length));
            out.add(new Mutation(kind, i, String.join("\n", changed)));
            made++;
        }
    }

    private static List<String> retype(Site s, String to) {
        return to == null ? null : List.of(s.m().group().replaceFirst("\\b" + Pattern.quote(s.m().group(3))
                + " ", to + " "));
    }

    private static String rename(Site s, String keptJsonName) {
        String line = s.m().group().replaceFirst(" " + s.m().group(4) + "(\\s*)=", " " + s.m().group(4)
                + "_renamed$1=");
        return keptJsonName == null ? line : line.replaceFirst(";", " [json_name = \"" + keptJsonName + "\"];");
    }
}
