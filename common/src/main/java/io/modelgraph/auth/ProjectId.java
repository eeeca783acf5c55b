package io.modelgraph.auth;

import io.modelgraph.api.ApiProblem;
import java.util.regex.Pattern;

/** Project identifiers are 32 lowercase hexadecimal characters (a UUID without dashes). */
public final class ProjectId {
    private static final Pattern SHAPE = Pattern.compile("[0-9a-f]{32}");

    public static boolean isValid(String text) {
        return text != null && SHAPE.matcher(text).matches();
    }

    public static String require(String text) {
        if (!isValid(text)) {
            throw ApiProblem.badRequest("path.projectId", "projectId must be 32 lowercase hexadecimal characters, got '"
                    + abbreviate(text) + "'.");
        }
        return text;
    }

    private static String abbreviate(String text) {
        if (text == null) {
            return "";
        }
        return text.length() > 64 ? text.substring(0, 64) + "…" : text;
    }

    private ProjectId() {
    }
}
