package io.modelgraph.exchange.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelgraph.platform.Settings;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When the deployment's repository token may travel: allow-listed repositories only, never after a downgrade. */
class RepositoryTokenTest {
    private static final Optional<String> TOKEN = Optional.of("secret");

    @Test
    void theTokenIsOnlyForAllowListedRepositories() {
        Settings settings = Settings.from(Map.of(Settings.ENV_REPO_TOKEN, "secret",
                Settings.ENV_REPO_TOKEN_REPOSITORIES, "acme/models, Partner/*"));
        assertEquals(TOKEN, settings.repoTokenFor("acme", "models"));
        assertEquals(TOKEN, settings.repoTokenFor("ACME", "Models"), "owner and repository names ignore case");
        assertEquals(TOKEN, settings.repoTokenFor("partner", "anything"));
        assertEquals(Optional.empty(), settings.repoTokenFor("acme", "payroll"));
        assertEquals(Optional.empty(), settings.repoTokenFor("someone", "models"));
        Settings unlisted = Settings.from(Map.of(Settings.ENV_REPO_TOKEN, "secret"));
        assertEquals(Optional.empty(), unlisted.repoTokenFor("acme", "models"), "no list: never sent");
    }

    @Test
    void theTokenStaysOnItsHostAndIsNeverSentAfterAnHttpsToHttpRedirect() {
        TokenCarrier carrier = new TokenCarrier(URI.create("https://raw.example.org/a"), TOKEN);
        assertEquals(TOKEN, carrier.forHop(URI.create("https://raw.example.org/a")));
        assertEquals(TOKEN, carrier.forHop(URI.create("https://raw.example.org/b")));
        assertEquals(Optional.empty(), carrier.forHop(URI.create("http://raw.example.org/c")), "downgraded");
        assertEquals(Optional.empty(), carrier.forHop(URI.create("https://raw.example.org/d")),
                "once downgraded, never again in this fetch");

        TokenCarrier away = new TokenCarrier(URI.create("https://raw.example.org/a"), TOKEN);
        away.forHop(URI.create("https://raw.example.org/a"));
        assertEquals(Optional.empty(), away.forHop(URI.create("https://elsewhere.example.org/a")));
    }
}
