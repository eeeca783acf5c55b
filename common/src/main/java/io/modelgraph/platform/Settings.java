package io.modelgraph.platform;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Service settings beyond the stores, from environment variables (docs/operations.md "Configuration").
 *
 * @param pagingSecret       HMAC key that signs fetchNodes paging tokens
 * @param allowLoopbackUrls  let merge fetch from 127.0.0.0/8 and ::1 (local runs and tests only)
 * @param repoRawBaseUrl     base of the code-hosting raw-content service: {base}/{owner}/{repo}/{branch}/{path}
 * @param repoToken          optional token sent to that service
 * @param repoTokenRepositories the repositories the token may be sent for ({@code owner/repo} or {@code owner/*},
 *                           case-insensitive); empty means the token is never sent
 * @param ai                 the provider of the {@code ai} mapping kind ({@link AiSettings}); declined without one
 */
public record Settings(String pagingSecret, boolean allowLoopbackUrls, String repoRawBaseUrl,
        Optional<String> repoToken, AiSettings ai, List<String> repoTokenRepositories) {

    public Settings {
        repoTokenRepositories = List.copyOf(repoTokenRepositories);
    }

    /** Without an allow-list: the token, if any, is never sent. */
    public Settings(String pagingSecret, boolean allowLoopbackUrls, String repoRawBaseUrl, Optional<String> repoToken,
            AiSettings ai) {
        this(pagingSecret, allowLoopbackUrls, repoRawBaseUrl, repoToken, ai, List.of());
    }

    public static final String ENV_PAGING_SECRET = "PAGING_TOKEN_SECRET";
    public static final String ENV_ALLOW_LOOPBACK = "ALLOW_LOOPBACK_URLS";
    public static final String ENV_REPO_RAW_BASE = "REPO_RAW_BASE_URL";
    public static final String ENV_REPO_TOKEN = "REPO_TOKEN";
    public static final String ENV_REPO_TOKEN_REPOSITORIES = "REPO_TOKEN_REPOSITORIES";

    public static Settings from(Map<String, String> env) {
        return new Settings(
                env.getOrDefault(ENV_PAGING_SECRET, ""),
                Boolean.parseBoolean(env.getOrDefault(ENV_ALLOW_LOOPBACK, "false")),
                env.getOrDefault(ENV_REPO_RAW_BASE, "https://raw.githubusercontent.com"),
                Optional.ofNullable(env.get(ENV_REPO_TOKEN)).filter(s -> !s.isBlank()),
                AiSettings.from(env),
                Arrays.stream(env.getOrDefault(ENV_REPO_TOKEN_REPOSITORIES, "").split(","))
                        .map(String::trim).filter(s -> !s.isEmpty()).toList());
    }

    /**
     * The token for a repository source, only when the repository is on the allow-list: the token is the
     * deployment's, so without the list any project's Admin could read every repository the token can read.
     */
    public Optional<String> repoTokenFor(String owner, String repository) {
        String wanted = (owner + "/" + repository).toLowerCase(Locale.ROOT);
        String anyOfOwner = (owner + "/*").toLowerCase(Locale.ROOT);
        boolean listed = repoTokenRepositories.stream().map(e -> e.toLowerCase(Locale.ROOT))
                .anyMatch(e -> e.equals(wanted) || e.equals(anyOfOwner));
        return listed ? repoToken : Optional.empty();
    }

    public Settings withRepoToken(String token, List<String> repositories) {
        return new Settings(pagingSecret, allowLoopbackUrls, repoRawBaseUrl, Optional.of(token), ai,
                repositories);
    }

    public Settings withAllowLoopbackUrls(boolean allow) {
        return new Settings(pagingSecret, allow, repoRawBaseUrl, repoToken, ai, repoTokenRepositories);
    }

    public Settings withRepoRawBaseUrl(String base) {
        return new Settings(pagingSecret, allowLoopbackUrls, base, repoToken, ai, repoTokenRepositories);
    }

    public Settings withPagingSecret(String secret) {
        return new Settings(secret, allowLoopbackUrls, repoRawBaseUrl, repoToken, ai, repoTokenRepositories);
    }

    public Settings withAi(AiSettings settings) {
        return new Settings(pagingSecret, allowLoopbackUrls, repoRawBaseUrl, repoToken, settings, repoTokenRepositories);
    }
}
