package io.modelgraph.platform;

import java.util.Map;
import java.util.Optional;

/**
 * Service settings beyond the stores, from environment variables (README "Configuration").
 *
 * @param pagingSecret       HMAC key that signs fetchNodes paging tokens
 * @param allowLoopbackUrls  let merge fetch from 127.0.0.0/8 and ::1 (local runs and tests only)
 * @param repoRawBaseUrl     base of the code-hosting raw-content service: {base}/{owner}/{repo}/{branch}/{path}
 * @param repoToken          optional token sent to that service
 * @param ai                 the provider of the {@code ai} mapping kind ({@link AiSettings}); declined without one
 */
public record Settings(String pagingSecret, boolean allowLoopbackUrls, String repoRawBaseUrl,
        Optional<String> repoToken, AiSettings ai) {

    public static final String ENV_PAGING_SECRET = "PAGING_TOKEN_SECRET";
    public static final String ENV_ALLOW_LOOPBACK = "ALLOW_LOOPBACK_URLS";
    public static final String ENV_REPO_RAW_BASE = "REPO_RAW_BASE_URL";
    public static final String ENV_REPO_TOKEN = "REPO_TOKEN";

    public static Settings from(Map<String, String> env) {
        return new Settings(
                env.getOrDefault(ENV_PAGING_SECRET, ""),
                Boolean.parseBoolean(env.getOrDefault(ENV_ALLOW_LOOPBACK, "false")),
                env.getOrDefault(ENV_REPO_RAW_BASE, "https://raw.githubusercontent.com"),
                Optional.ofNullable(env.get(ENV_REPO_TOKEN)).filter(s -> !s.isBlank()),
                AiSettings.from(env));
    }

    public Settings withAllowLoopbackUrls(boolean allow) {
        return new Settings(pagingSecret, allow, repoRawBaseUrl, repoToken, ai);
    }

    public Settings withRepoRawBaseUrl(String base) {
        return new Settings(pagingSecret, allowLoopbackUrls, base, repoToken, ai);
    }

    public Settings withPagingSecret(String secret) {
        return new Settings(secret, allowLoopbackUrls, repoRawBaseUrl, repoToken, ai);
    }

    public Settings withAi(AiSettings settings) {
        return new Settings(pagingSecret, allowLoopbackUrls, repoRawBaseUrl, repoToken, settings);
    }
}
