package io.mathbeam.pipelines.options;

/**
 * A {@code @Default.InstanceFactory} that says in words what its default is, for {@code --help}
 * ({@code $MATHBEAM_API_KEY}); without it the help could only name the factory class.
 */
interface DescribedDefault {
  String describeDefault();
}
