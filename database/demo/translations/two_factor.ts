/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Login: the code step and the enrolment of staff
  'Two-factor login': 'Inicio de sesión en dos pasos',
  'Enter your code': 'Introduzca su código',
  'Enter the 6-digit code from your authenticator app, or one of your recovery codes.':
    'Introduzca el código de 6 dígitos de su aplicación de autenticación o uno de sus códigos de recuperación.',
  'Code': 'Código',
  'Code is required': 'El código es obligatorio',
  'Verify': 'Verificar',
  'Set up two-factor login': 'Configurar el inicio de sesión en dos pasos',
  'Staff accounts sign in with a password and a code from an authenticator app.':
    'Las cuentas del personal inician sesión con una contraseña y un código de una aplicación de autenticación.',
  'Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, …).':
    'Abra una aplicación de autenticación en su teléfono (Google Authenticator, Microsoft Authenticator, 1Password, …).',
  'Scan this QR code, or type the key below into the app.':
    'Escanee este código QR o escriba la clave de abajo en la aplicación.',
  'Enter the 6-digit code the app shows.':
    'Introduzca el código de 6 dígitos que muestra la aplicación.',
  'QR code for your authenticator app': 'Código QR para su aplicación de autenticación',
  'Key': 'Clave',
  'Turn on': 'Activar',
  'Continue': 'Continuar',
  'Two-factor login is on': 'El inicio de sesión en dos pasos está activado',
  'Two-factor login is off': 'El inicio de sesión en dos pasos está desactivado',
  'Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.':
    'Guarde estos códigos de recuperación en un lugar seguro. Cada uno le permite iniciar sesión una vez si pierde su teléfono. Solo se muestran ahora.',
  'Recovery codes copied': 'Códigos de recuperación copiados',
  // Security page
  'On': 'Activado',
  'Off': 'Desactivado',
  'Sign in with your password and a code from an authenticator app on your phone.':
    'Inicie sesión con su contraseña y un código de una aplicación de autenticación en su teléfono.',
  'Turn on two-factor login': 'Activar el inicio de sesión en dos pasos',
  'Turn off two-factor login': 'Desactivar el inicio de sesión en dos pasos',
  '{count} unused recovery codes left.': 'Quedan {count} códigos de recuperación sin usar.',
  'New recovery codes': 'Nuevos códigos de recuperación',
  'New recovery codes created': 'Se han creado nuevos códigos de recuperación',
  // Server messages
  'The code is invalid or was already used': 'El código no es válido o ya se ha utilizado',
  'The password is incorrect': 'La contraseña es incorrecta',
  'Your sign-in has expired. Please log in again.':
    'Su inicio de sesión ha caducado. Vuelva a iniciar sesión.',
  'Two-factor login is already on': 'El inicio de sesión en dos pasos ya está activado',
  'Two-factor login is not on for this account':
    'El inicio de sesión en dos pasos no está activado para esta cuenta',
  'Start the set-up again: no QR code is waiting for a code':
    'Vuelva a empezar la configuración: ningún código QR espera un código',
  'Two-factor login is mandatory for staff accounts':
    'El inicio de sesión en dos pasos es obligatorio para las cuentas del personal',
  'Too many wrong codes. Please wait {minutes} min and try again.':
    'Demasiados códigos incorrectos. Espere {minutes} min y vuelva a intentarlo.',
  // Admin reset
  'Reset 2FA': 'Restablecer 2FA',
  'Reset two-factor login': 'Restablecer el inicio de sesión en dos pasos',
  "The user's authenticator key and recovery codes are removed and all their sessions end. Staff set up a new key at their next login.":
    'Se eliminan la clave de autenticación y los códigos de recuperación del usuario y se cierran todas sus sesiones. El personal configura una clave nueva en su próximo inicio de sesión.',
  'Two-factor login reset. The user enrols again at their next login.':
    'Inicio de sesión en dos pasos restablecido. El usuario lo configura de nuevo en su próximo inicio de sesión.',
  'Two-factor login reset': 'Inicio de sesión en dos pasos restablecido',
  'Two-factor login reset from the console':
    'Inicio de sesión en dos pasos restablecido desde la consola',
  'You cannot reset your own two-factor login':
    'No puede restablecer su propio inicio de sesión en dos pasos',
  'This user has no two-factor login to reset':
    'Este usuario no tiene inicio de sesión en dos pasos que restablecer',
  // Changing one's own password or e-mail (issue 21 item 6).
  'Authentication Code': 'Código de autenticación',
  'Needed to change your password or email': 'Necesaria para cambiar su contraseña o correo',
  'A code from your authenticator app, or a recovery code':
    'Un código de su aplicación de autenticación o un código de recuperación',
  'Enter your current password to change your password or email':
    'Introduzca su contraseña actual para cambiar su contraseña o correo',
  'Enter a code from your authenticator app to change your password or email':
    'Introduzca un código de su aplicación de autenticación para cambiar su contraseña o correo',
}
