package io.modelgraph.codec.avro;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Avro's parser reports what is wrong ({@code Undefined name: "Foo"}, {@code Illegal character in: a-b},
 * {@code Invalid default for field x}) but not where. This finds the first JSON node the message is about: a
 * string value or member name equal to a word the message quotes or names, searched depth first.
 */
final class ErrorPaths {
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]{1,200})\"");
    private static final Pattern AFTER_COLON = Pattern.compile(":\\s*([A-Za-z0-9_.$-]{1,200})\\s*$");
    private static final Pattern NAMED = Pattern.compile(
            "(?:field|name|symbol|Name|Field|record|in)\\s+\"?([A-Za-z0-9_.$-]{1,200})\"?");

    static String find(JsonNode root, String message) {
        for (String word : candidates(message)) {
            Optional<String> path = search(root, word, "$");
            if (path.isPresent()) {
                return path.get();
            }
        }
        return "$";
    }

    private static List<String> candidates(String message) {
        List<String> words = new ArrayList<>();
        for (Pattern p : List.of(QUOTED, NAMED, AFTER_COLON)) {
            Matcher m = p.matcher(message);
            while (m.find()) {
                words.add(m.group(1));
            }
        }
        return words;
    }

    private static Optional<String> search(JsonNode node, String word, String path) {
        if (node.isTextual() && node.asText().equals(word)) {
            return Optional.of(path);
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                Optional<String> hit = search(node.get(i), word, path + "[" + i + "]");
                if (hit.isPresent()) {
                    return hit;
                }
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                String child = path + "." + member.getKey();
                if (member.getKey().equals(word)) {
                    return Optional.of(child);
                }
                Optional<String> hit = search(member.getValue(), word, child);
                if (hit.isPresent()) {
                    return hit;
                }
            }
        }
        return Optional.empty();
    }

    private ErrorPaths() {
    }
}
