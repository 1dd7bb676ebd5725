// Starts DynamoDB Local listening on 127.0.0.1 only. Its own ServerRunner
// has no option for the address and listens on every interface; this
// runs the same server (built from the same command line) with its Jetty
// connector bound to loopback. It never configures telemetry, so none is
// sent; -disableTelemetry is passed as well.
//
// It also exits when its standard input closes: the Go process that
// started it holds the other end, so the server cannot outlive it, however
// that process ends (a panic, a kill). Then it also deletes the directory
// named by -Dfdbtuple.dynamodblocal.dir, the temporary one its owner made.
//
// Run in Java's source-file mode: java -cp <classpath> Loopback.java -inMemory -port N
import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.stream.Stream;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

public class Loopback {
  public static void main(String[] args) throws Exception {
    Thread owner = new Thread(() -> {
      try {
        while (System.in.read() != -1) {}
      } catch (IOException e) {
        // the pipe broke: the owner is gone all the same
      }
      System.out.println("standard input closed: stopping");
      String dir = System.getProperty("fdbtuple.dynamodblocal.dir");
      if (dir != null) {
        try (Stream<Path> files = Files.walk(Paths.get(dir))) {
          files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
          System.out.println("could not delete " + dir + ": " + e);
        }
      }
      System.exit(0);
    });
    owner.setDaemon(true);
    owner.start();
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field f = DynamoDBProxyServer.class.getDeclaredField("server");
    f.setAccessible(true);
    Server jetty = (Server) f.get(proxy);
    for (Connector c : jetty.getConnectors()) {
      ((ServerConnector) c).setHost("127.0.0.1");
    }
    proxy.start();
    for (Connector c : jetty.getConnectors()) {
      ServerConnector sc = (ServerConnector) c;
      System.out.println("DynamoDB Local listening on " + sc.getHost() + ":" + sc.getLocalPort());
    }
    proxy.join();
  }
}
