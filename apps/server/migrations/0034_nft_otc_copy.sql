-- Reserved for issue 22 work; replaced by its statements, or left as a no-op.
SELECT 1;
