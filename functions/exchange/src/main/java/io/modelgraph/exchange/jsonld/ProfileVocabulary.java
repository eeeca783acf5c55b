package io.modelgraph.exchange.jsonld;

import io.modelgraph.codec.jsonld.JsonLdRole;
import io.modelgraph.codec.jsonld.JsonLdVocabulary;
import io.modelgraph.exchange.profile.ImportProfile;
import io.modelgraph.exchange.profile.MappingTarget;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JSON-LD profile as the codec's vocabulary: the profile still decides what is read and written, the codec
 * does the reading and writing. Each JSON-LD mapping target has exactly one role (MappingTarget.JSON_LD_TARGETS).
 */
public final class ProfileVocabulary {
    private static final Map<MappingTarget, JsonLdRole> ROLES = Map.of(
            MappingTarget.LABEL, JsonLdRole.LABEL,
            MappingTarget.IGNORE, JsonLdRole.IGNORE,
            MappingTarget.DESCRIPTION, JsonLdRole.DESCRIPTION,
            MappingTarget.MAPS_TO, JsonLdRole.MAPS_TO,
            MappingTarget.MIN_OCCURS, JsonLdRole.MIN_OCCURS,
            MappingTarget.MAX_OCCURS, JsonLdRole.MAX_OCCURS,
            MappingTarget.TERM_CODE, JsonLdRole.TERM_CODE,
            MappingTarget.SUBCLASS_OF, JsonLdRole.SUBCLASS_OF,
            MappingTarget.DOMAIN_INCLUDES, JsonLdRole.DOMAIN_INCLUDES,
            MappingTarget.RANGE_INCLUDES, JsonLdRole.RANGE_INCLUDES);

    public static JsonLdVocabulary of(ImportProfile profile) {
        Map<String, JsonLdRole> properties = new LinkedHashMap<>();
        profile.properties().forEach((p, target) -> {
            JsonLdRole role = ROLES.get(target);
            if (role == null) {
                // ProfileParser admits only JSON_LD_TARGETS for a JSON-LD profile, so this is a programming error
                throw new IllegalArgumentException("Not a JSON-LD mapping target: " + target.spelling());
            }
            properties.put(p, role);
        });
        return new JsonLdVocabulary(profile.context(), profile.classes(), properties);
    }

    /** The profile target of a role: how DefaultProfiles states the codec's default vocabulary as a profile. */
    public static MappingTarget target(JsonLdRole role) {
        return ROLES.entrySet().stream().filter(e -> e.getValue() == role).map(Map.Entry::getKey).findFirst()
                .orElseThrow();
    }

    private ProfileVocabulary() {
    }
}
