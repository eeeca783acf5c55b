package io.modelgraph.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The local gateway's data directory ({@code ./.data} by default). It always holds the JWT signing key,
 * the paging-token secret and the demo project id, even with {@code --in-memory}, so a token minted by
 * the {@code token} subcommand is accepted by any server started on the same directory. Without
 * {@code --in-memory} it also holds the stores: {@code dynamodb/} and {@code s3/}.
 */
public final class DataDir {
    public static final Path DEFAULT = Path.of(".data");

    static final String SIGNING_KEY = "jwt-signing-key.json";
    static final String PAGING_SECRET = "paging-token-secret";
    static final String DEMO_PROJECT = "demo-project";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path root;

    public DataDir(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /** HMAC key of the fetchNodes paging tokens: 32 random bytes, hex, created once. */
    public String pagingSecret() {
        return readOrCreate(PAGING_SECRET, () -> randomHex(32));
    }

    /** The project the start-up banner's token is for: 32 lowercase hex characters, created once. */
    public String demoProject() {
        return readOrCreate(DEMO_PROJECT, () -> randomHex(16));
    }

    /**
     * Reads a small text file, or creates it with {@code create}'s content if it is missing. Two processes
     * racing on a fresh directory (the {@code token} subcommand and a server) end up with the same
     * content: each writes a temporary file and moves it into place without replacing, and the loser
     * reads the winner's.
     */
    String readOrCreate(String name, Supplier<String> create) {
        Path file = root.resolve(name);
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.UTF_8).trim();
            }
            Files.createDirectories(root);
            Path temp = Files.createTempFile(root, name, ".tmp");
            try {
                restrict(temp);
                Files.writeString(temp, create.get() + "\n", StandardCharsets.UTF_8);
                publish(temp, file);
            } catch (FileAlreadyExistsException lostRace) {
                // another process created it first: use theirs
            } finally {
                Files.deleteIfExists(temp);
            }
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create " + file + ": " + e.getMessage(), e);
        }
    }

    /** Puts {@code temp} in place as {@code file}, failing if {@code file} exists (a hard link is atomic). */
    private static void publish(Path temp, Path file) throws IOException {
        try {
            Files.createLink(file, temp);
        } catch (UnsupportedOperationException noLinks) {
            Files.move(temp, file);
        }
    }

    private static void restrict(Path file) {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException | IOException notPosix) {
            // Windows: the directory's own permissions apply
        }
    }

    static String randomHex(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
