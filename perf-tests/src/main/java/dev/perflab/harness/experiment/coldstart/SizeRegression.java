package dev.perflab.harness.experiment.coldstart;

import java.util.List;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A least-squares line through the variants of one image source: their mean time beyond the framework's
 * startup against a size (the image's, or the bytes its pull fetched), in megabytes of 10^6 bytes, as
 * the thesis plots it.
 *
 * @param source the variants' image source
 * @param against "imageSize" or "pulledBytes"
 * @param points variants on the line (each its mean over its launches)
 * @param r Pearson's correlation; null under 3 points or with one size only
 * @param slopeMillisPerMegabyte null as r
 * @param slopeLower the slope's 95 % interval, from the line's own residuals (n − 2 degrees of freedom)
 */
public record SizeRegression(ImageSource source, String against, int points, Double r, Double slopeMillisPerMegabyte,
    Double slopeLower, Double slopeUpper, Double interceptMillis) {

  public static final int MIN_POINTS = 3;

  /** One variant as a point: x in megabytes, y its mean time beyond the framework's startup. */
  public record Point(double megabytes, double millis) {}

  public static SizeRegression of(ImageSource source, String against, List<Point> points) {
    SimpleRegression line = new SimpleRegression();
    points.forEach(point -> line.addData(point.megabytes(), point.millis()));
    boolean oneSize = points.stream().map(Point::megabytes).distinct().count() < 2;
    if (points.size() < MIN_POINTS || oneSize) {
      return new SizeRegression(source, against, points.size(), null, null, null, null, null);
    }
    double half = line.getSlopeConfidenceInterval();
    return new SizeRegression(source, against, points.size(), line.getR(), line.getSlope(), line.getSlope() - half,
        line.getSlope() + half, line.getIntercept());
  }

  public boolean told() {
    return r != null;
  }
}
