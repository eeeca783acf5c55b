package io.modelgraph.auth;

import java.util.Optional;

/** Project roles, ordered: each role can do everything the roles before it can. */
public enum Role {
    Viewer, Editor, Admin;

    public boolean atLeast(Role required) {
        return compareTo(required) >= 0;
    }

    /** Parses a role name case-insensitively; empty when the text names no role. */
    public static Optional<Role> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (Role role : values()) {
            if (role.name().equalsIgnoreCase(text.trim())) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }
}
