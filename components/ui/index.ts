export { Alert, type AlertProps } from "./alert";
export { Button, type ButtonProps } from "./button";
export { cx } from "./cx";
export { Field, type FieldControlProps, type FieldProps } from "./field";
export { Input, type InputProps } from "./input";
