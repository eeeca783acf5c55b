package io.modelgraph.auth;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The JWT claim that grants project roles. It is a plain string, {@code "<projectId>:<Role> <projectId>:<Role>"},
 * because the HTTP API JWT authorizer flattens array claims to strings such as {@code "[a:Admin b:Viewer]"}
 * before the handler sees them. Parsing accepts both forms (spaces or commas, with or without brackets),
 * so a token issued with an array still works.
 */
public final class RoleClaim {
    public static final String NAME = "modelgraph_roles";

    public static Map<String, Role> parse(String claim) {
        if (claim == null || claim.isBlank()) {
            return Map.of();
        }
        String text = claim.trim();
        if (text.startsWith("[") && text.endsWith("]")) {
            text = text.substring(1, text.length() - 1);
        }
        Map<String, Role> grants = new LinkedHashMap<>();
        for (String part : text.split("[\\s,]+")) {
            String grant = part.replace("\"", "");
            int colon = grant.lastIndexOf(':');
            if (colon <= 0) {
                continue;
            }
            String project = grant.substring(0, colon);
            Optional<Role> role = Role.parse(grant.substring(colon + 1));
            if (ProjectId.isValid(project) && role.isPresent()) {
                grants.merge(project, role.get(), (a, b) -> a.atLeast(b) ? a : b);
            }
        }
        return Collections.unmodifiableMap(grants);
    }

    public static String format(Map<String, Role> grants) {
        StringBuilder text = new StringBuilder();
        grants.forEach((project, role) -> {
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(project).append(':').append(role.name());
        });
        return text.toString();
    }

    private RoleClaim() {
    }
}
