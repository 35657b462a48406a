/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Site Settings (issue 12 item 5): the form built from SITE_SETTINGS.
  'Settings updated successfully': 'Configuración actualizada correctamente',
  'required': 'obligatorio',
  'Branding': 'Marca',
  'Accounts and trading': 'Cuentas y operaciones',
  'Security and integrations': 'Seguridad e integraciones',
  'App Name': 'Nombre de la aplicación',
  'App name must be at most 60 characters':
    'El nombre de la aplicación debe tener como máximo 60 caracteres',
  'App URL': 'URL de la aplicación',
  'App URL must be an http or https address such as https://broker.example.com':
    'La URL de la aplicación debe ser una dirección http o https, como https://broker.example.com',
  'App Currency': 'Moneda de la aplicación',
  'Currencies must be 3 to 5 letter codes separated by commas, such as USD,EUR':
    'Las monedas deben ser códigos de 3 a 5 letras separados por comas, como USD,EUR',
  'Codes separated by commas; the first is the default':
    'Códigos separados por comas; el primero es el predeterminado',
  'WhatsApp': 'WhatsApp',
  'WhatsApp must be a phone number such as +15550100200':
    'WhatsApp debe ser un número de teléfono, como +15550100200',
  'Support number; blank hides the widget': 'Número de soporte; en blanco oculta el widget',
  'App Icon': 'Icono de la aplicación',
  'App Icon must be a single file': 'El icono de la aplicación debe ser un único archivo',
  'App Icon must be at most 1 MB': 'El icono de la aplicación debe ocupar como máximo 1 MB',
  'PNG, JPEG, WebP or ICO, at most 1 MB': 'PNG, JPEG, WebP o ICO, como máximo 1 MB',
  'App Logo': 'Logotipo de la aplicación',
  'App Logo must be a single file': 'El logotipo de la aplicación debe ser un único archivo',
  'App Logo must be at most 1 MB': 'El logotipo de la aplicación debe ocupar como máximo 1 MB',
  'PNG, JPEG or WebP, at most 1 MB': 'PNG, JPEG o WebP, como máximo 1 MB',
  'Sign-in Background': 'Fondo de inicio de sesión',
  'Sign-in Background must be a single file':
    'El fondo de inicio de sesión debe ser un único archivo',
  'Sign-in Background must be at most 5 MB':
    'El fondo de inicio de sesión debe ocupar como máximo 5 MB',
  'PNG, JPEG or WebP, at most 5 MB': 'PNG, JPEG o WebP, como máximo 5 MB',
  'Dark Theme': 'Tema oscuro',
  'Choose on or off': 'Elija activado o desactivado',
  'Demo Balance': 'Saldo demo',
  'Demo balance is required': 'El saldo demo es obligatorio',
  'Demo balance must be an amount of 0 or more with at most 2 decimals':
    'El saldo demo debe ser un importe de 0 o más con como máximo 2 decimales',
  'The demo wallet of each new account starts with it':
    'La cartera demo de cada cuenta nueva empieza con él',
  'Email Verification': 'Verificación de correo electrónico',
  'Stop Loss Selector': 'Selector de stop loss',
  'Stop loss selector must be Amount or Pips': 'El selector de stop loss debe ser Importe o Pips',
  'KYC for Deposit': 'KYC para depositar',
  'KYC for Withdraw': 'KYC para retirar',
  'KYC for Trade': 'KYC para operar',
  'reCAPTCHA': 'reCAPTCHA',
  'Captcha Client Key': 'Clave de cliente del captcha',
  'Captcha client key must be at most 200 characters':
    'La clave de cliente del captcha debe tener como máximo 200 caracteres',
  'Captcha Secret Key': 'Clave secreta del captcha',
  'Captcha secret key must be at most 200 characters':
    'La clave secreta del captcha debe tener como máximo 200 caracteres',
  'Leads Webhook API Key': 'Clave API del webhook de leads',
  'Leads webhook API key must be at most 200 characters':
    'La clave API del webhook de leads debe tener como máximo 200 caracteres',
  'Show User Info to Agents': 'Mostrar datos del usuario a los agentes',
  'reCAPTCHA needs the captcha client key and secret key':
    'reCAPTCHA necesita la clave de cliente y la clave secreta del captcha',
  'Keys to clear must be a list of secret fields':
    'Las claves a borrar deben ser una lista de campos secretos',
  'Only a secret field of this form can be cleared':
    'Solo se puede borrar un campo secreto de este formulario',
  // Uploads checked by content (app/services/upload_sanitizer.ts).
  'This file is not a PNG, JPEG, WebP or ICO image':
    'Este archivo no es una imagen PNG, JPEG, WebP o ICO',
  'SVG files are not accepted: upload a PNG, JPEG, WebP or ICO image':
    'No se aceptan archivos SVG: suba una imagen PNG, JPEG, WebP o ICO',
  'SVG files are not accepted: upload a PNG, JPEG or WebP image':
    'No se aceptan archivos SVG: suba una imagen PNG, JPEG o WebP',
  'This icon could not be read: it is damaged or not really an ICO file':
    'No se pudo leer este icono: está dañado o no es realmente un archivo ICO',
}
